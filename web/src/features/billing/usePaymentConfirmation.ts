import { ApiError } from '@linkhive/shared/api';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { useSession } from '../../session/store';

/**
 * How often and how long /payment/success asks about the checkout. Stripe's webhook usually comes
 * within seconds, but the browser may be back first; 60 tries 1.5 s apart is about a minute and a half.
 * Tests shorten these rather than sleep.
 */
export const paymentPolling = { delayMs: 1_500, maxAttempts: 60 };

export type PaymentConfirmation = 'noSession' | 'waiting' | 'complete' | 'slow' | 'expired' | 'notFound' | 'signedOut';

/**
 * Asks the server about a checkout until its webhook has been handled. It only reads: the plan is
 * granted by the server when Stripe's signed event arrives, never because the buyer came back here.
 * `retry` starts asking again after the attempts ran out.
 */
export function usePaymentConfirmation(sessionId: string | null) {
  const refresh = useSession((s) => s.refresh);
  const [state, setState] = useState<PaymentConfirmation>(sessionId ? 'waiting' : 'noSession');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    setState('waiting');

    const ask = async () => {
      attempts += 1;
      try {
        const checkout = await api.billing.session(sessionId);
        if (stopped) return;
        if (checkout.status === 'complete') {
          // The new flags open the paid features (menu, feeds) without signing in again.
          await refresh();
          if (!stopped) setState('complete');
          return;
        }
        if (checkout.status === 'expired') return setState('expired');
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && err.status === 404) return setState('notFound');
        if (err instanceof ApiError && err.status === 401) return setState('signedOut');
        // Anything else (offline, a restart) may pass: keep asking within the same cap.
      }
      if (attempts >= paymentPolling.maxAttempts) return setState('slow');
      timer = setTimeout(() => void ask(), paymentPolling.delayMs);
    };
    void ask();

    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, round, refresh]);

  return { state, retry: () => setRound((r) => r + 1) };
}
