import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface Props {
  title: string;
  text: string;
  actions: ReactNode;
}

/** A notice in the corner of the screen that asks something of the user without blocking the page. */
export function BottomNotice({ title, text, actions }: Props) {
  const titleId = useId();
  return (
    <Paper elevation={6} role="region" aria-labelledby={titleId} sx={{ p: 2, pointerEvents: 'auto' }}>
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }} role="status">
        {text}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        {actions}
      </Stack>
    </Paper>
  );
}
