import type { Plan, PlanKey, PlanPrice } from '@linkhive/shared/domain';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../api';
import { useSession } from '../session/store';
import { leaveForCheckout } from './leaveForCheckout';

/**
 * Starts a checkout for a price. Visitors sign up first and come back to this page; signed-in users
 * wait for the server's checkout address, and see the server's message if there is none.
 */
export function useCheckout() {
  const me = useSession((s) => s.me);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const [pendingPriceId, setPending] = useState<string | null>(null);
  const [error, setError] = useState<{ plan: PlanKey; message: string } | null>(null);

  const checkout = async (plan: Plan, price: PlanPrice) => {
    setError(null);
    if (!me) {
      await navigate(`/signup?redirect=${encodeURIComponent(pathname + search + hash)}`);
      return;
    }
    setPending(price.id);
    try {
      const { url } = await api.billing.checkout({ priceId: price.id });
      leaveForCheckout(url);
    } catch (err) {
      setError({ plan: plan.key, message: err instanceof Error ? err.message : String(err) });
      setPending(null);
    }
  };

  return { checkout, pendingPriceId, error };
}
