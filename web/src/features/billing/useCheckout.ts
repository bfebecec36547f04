import { billingMessages, type Plan, type PlanKey, type PlanPrice } from '@linkhive/shared/domain';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../api';
import { useSession } from '../../session/store';
import { billingErrorMessage, isAlreadySubscribed } from './billingError';
import { leaveForCheckout } from './leaveForCheckout';
import { openBillingPortal } from './openBillingPortal';

/**
 * Starts a checkout for a price. Visitors sign up first and come back to this page; signed-in users
 * wait for the server's checkout address, and see the server's message if there is none. A user who
 * already pays is sent to the billing portal instead, where plans are changed without a second subscription.
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
      if (isAlreadySubscribed(err)) {
        try {
          await openBillingPortal();
          return;
        } catch (portalErr) {
          setError({ plan: plan.key, message: billingErrorMessage(portalErr, billingMessages.portalFailed) });
          setPending(null);
          return;
        }
      }
      setError({ plan: plan.key, message: billingErrorMessage(err, billingMessages.checkoutFailed) });
      setPending(null);
    }
  };

  return { checkout, pendingPriceId, error };
}
