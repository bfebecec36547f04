import { Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageMeta } from './usePageTitle';

interface Props {
  title: string;
  /** The meta description; the site's own when left out. */
  description?: string;
  maxWidth?: 'md' | 'lg';
  children: ReactNode;
}

/** A page's frame: its title as the one h1, then its content. */
export function SectionPage({ title, description, maxWidth = 'lg', children }: Props) {
  usePageMeta(title, description);
  return (
    <Container maxWidth={maxWidth} sx={{ py: 4 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

export function SectionText({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}
