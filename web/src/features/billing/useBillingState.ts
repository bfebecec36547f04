import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { billingKeys } from './queries';

/** GET /api/billing/subscription on each visit of the profile: its subscription box. */
export function useBillingState() {
  const billing = useQuery({ queryKey: billingKeys.subscription, queryFn: () => api.billing.subscription() });
  return { billing: billing.data ?? null, error: billing.error?.message ?? null };
}
