import { Box, CircularProgress } from '@mui/material';

/** Covers the screen while something the whole page depends on is loading. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
