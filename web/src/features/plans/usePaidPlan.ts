import { hasPaidPlan } from '@linkhive/shared/domain';
import { useSession } from '../../session/store';

/** Paid access: any of the subscription flags (Pro, Business, Enterprise). The server checks it again. */
export function usePaidPlan(): boolean {
  return useSession((s) => Boolean(s.me && hasPaidPlan(s.me.permissions)));
}
