import { api } from '../../api';
import { leaveForCheckout } from './leaveForCheckout';

/** Asks for a billing-portal link that comes back to the profile, then leaves the app for it. */
export async function openBillingPortal(): Promise<void> {
  const { url } = await api.billing.portal({ returnUrl: `${window.location.origin}/profile` });
  leaveForCheckout(url);
}
