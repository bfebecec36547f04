import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  ok: boolean;
  title: string;
  message?: string;
  children?: ReactNode;
}

/** The page's answer: an icon, a heading and the server's words, announced as they arrive. */
export function InviteOutcome({ ok, title, message, children }: Props) {
  const Icon = ok ? CheckCircleIcon : ErrorIcon;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Icon color={ok ? 'success' : 'error'} sx={{ fontSize: 64 }} aria-hidden="true" />
      <Box role={ok ? 'status' : 'alert'}>
        <Typography component="h2" variant="h5">
          {title}
        </Typography>
        {message && <Typography sx={{ mt: 1 }}>{message}</Typography>}
      </Box>
      {children}
    </Stack>
  );
}
