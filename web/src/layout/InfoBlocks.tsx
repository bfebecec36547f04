import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useId } from 'react';

/** A titled part of an information page: an h2 and its text. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4, maxWidth: 820 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ mb: 1.5, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Para({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}

/** A bulleted or numbered list of short texts. */
export function Items({ items, ordered }: { items: ReactNode[]; ordered?: boolean }) {
  return (
    <Box component={ordered ? 'ol' : 'ul'} sx={{ pl: 3, mt: 0, mb: 1.5, '& li': { mb: 0.75 } }}>
      {items.map((item, i) => (
        <Typography component="li" key={i}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** Names of menus, buttons and keys as the reader sees them on screen. */
export function Ui({ children }: { children: ReactNode }) {
  return (
    <Box component="strong" sx={{ fontWeight: 600 }}>
      {children}
    </Box>
  );
}
