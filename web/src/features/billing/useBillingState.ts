import type { BillingState } from '@linkhive/shared/domain';
import { useEffect, useState } from 'react';
import { api } from '../../api';

/** GET /api/billing/subscription once per mount: the profile's subscription box. */
export function useBillingState() {
  const [billing, setBilling] = useState<BillingState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.billing.subscription().then(
      (state) => current && setBilling(state),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, []);
  return { billing, error };
}
