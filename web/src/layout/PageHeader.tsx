import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A page's heading (its one h1) with the page's actions beside it, which wrap below the heading
 * on a phone rather than push the page wider.
 */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
