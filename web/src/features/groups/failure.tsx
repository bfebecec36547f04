import { ApiError, groupMessages as m, upgradeRequiredCode } from '@linkhive/shared/domain';
import { failureMessage } from '@linkhive/shared/ui';
import { Alert, Button } from '@mui/material';

/** A failed request as a dialog shows it: the server's text, and whether a plan upgrade is the way out. */
export interface Failure {
  message: string;
  upgrade: boolean;
}

export function toFailure(error: unknown, fallback: string): Failure {
  return {
    message: failureMessage(error, fallback),
    upgrade: error instanceof ApiError && error.code === upgradeRequiredCode,
  };
}

/** Shown under a form; a plan limit offers Upgrade Now to the subscriptions page. */
export function FailureAlert({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return (
    <Alert
      severity={failure.upgrade ? 'warning' : 'error'}
      data-testid="form-error"
      action={
        failure.upgrade ? (
          <Button color="inherit" size="small" href="/subscriptions">
            {m.upgradeNow}
          </Button>
        ) : undefined
      }
    >
      {failure.message}
    </Alert>
  );
}
