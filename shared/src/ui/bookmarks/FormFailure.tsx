import { Typography } from '@mui/material';

/** A failed save, in red under the form; announced as soon as it appears. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Typography role="alert" color="error" variant="body2" data-testid="form-error">
      {message}
    </Typography>
  );
}
