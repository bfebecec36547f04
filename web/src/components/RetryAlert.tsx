import { Alert, Button } from '@mui/material';

/** A load that failed: the reason, and a way to try again without leaving the page. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
