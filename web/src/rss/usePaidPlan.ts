import { hasPaidPlan } from '@linkhive/shared/domain';
import { useSession } from '../session/store';

/** Paid access (spec section 6): any of the subscription flags. The server checks it again. */
export function usePaidPlan(): boolean {
  return useSession((s) => Boolean(s.me && hasPaidPlan(s.me.permissions)));
}
