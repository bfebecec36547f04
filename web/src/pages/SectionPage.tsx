import { Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

/** A page's frame: its title as the one h1, then its content. */
export function SectionPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
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
