import { ApiError } from '@linkhive/shared/api';
import type { CheckoutState } from '@linkhive/shared/domain';
import { useQuery, useQueryClient, type QueryState } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api';
import { useSession } from '../../session/store';
import { billingKeys } from './queries';

/**
 * How often and how long /payment/success asks about the checkout. Stripe's webhook usually comes
 * within seconds, but the browser may be back first; 60 tries 1.5 s apart is about a minute and a half.
 * Tests shorten these rather than sleep.
 */
export const paymentPolling = { delayMs: 1_500, maxAttempts: 60 };

export type PaymentConfirmation = 'noSession' | 'waiting' | 'complete' | 'slow' | 'expired' | 'notFound' | 'signedOut';

type CheckoutStatus = CheckoutState['status'];

/** What the answers so far say; null while there is still reason to ask again. */
function outcome(state: QueryState<CheckoutStatus>): PaymentConfirmation | null {
  if (state.status === 'error') {
    const err = state.error;
    if (err instanceof ApiError && err.status === 404) return 'notFound';
    if (err instanceof ApiError && err.status === 401) return 'signedOut';
    // Anything else (offline, a restart) may pass: keep asking within the same cap.
  } else if (state.data === 'complete' || state.data === 'expired') return state.data;
  return state.dataUpdateCount + state.errorUpdateCount >= paymentPolling.maxAttempts ? 'slow' : null;
}

/**
 * Asks the server about a checkout until its webhook has been handled. It only reads: the plan is
 * granted by the server when Stripe's signed event arrives, never because the buyer came back here.
 * `retry` starts asking again after the attempts ran out.
 */
export function usePaymentConfirmation(sessionId: string | null) {
  const refresh = useSession((s) => s.refresh);
  const [round, setRound] = useState(0);
  const key = billingKeys.checkout(sessionId ?? '', round);
  const checkout = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { status } = await api.billing.session(sessionId!);
      // The new flags open the paid features (menu, feeds) without signing in again.
      if (status === 'complete') await refresh();
      return status;
    },
    enabled: sessionId !== null,
    // Asked again after each answer until one settles it or the attempts run out.
    refetchInterval: (query) => (outcome(query.state) ? false : Math.max(1, paymentPolling.delayMs)),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });

  // The answers' counts are in the cache's state of the query; each answer ends a fetch, which
  // renders this again (isFetching is read here for that).
  const answers = useQueryClient().getQueryState<CheckoutStatus>(key);
  const answered = checkout.isFetchedAfterMount && !checkout.isFetching && answers ? outcome(answers) : null;
  const state: PaymentConfirmation = !sessionId ? 'noSession' : (answered ?? 'waiting');
  return { state, retry: () => setRound((r) => r + 1) };
}
