import { Paper, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A titled card of the options page; its heading names it for screen readers (and tests). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
