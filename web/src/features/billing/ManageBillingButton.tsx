import { billingMessages } from '@linkhive/shared/domain';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { billingErrorMessage } from './billingError';
import { openBillingPortal } from './openBillingPortal';

/** Opens Stripe's billing portal, which comes back to the profile; stays loading while the browser leaves. */
export function ManageBillingButton() {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setError(null);
    setLoading(true);
    try {
      await openBillingPortal();
    } catch (err) {
      setError(billingErrorMessage(err, billingMessages.portalFailed));
      setLoading(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" onClick={() => void open()} loading={loading}>
        Manage billing
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
