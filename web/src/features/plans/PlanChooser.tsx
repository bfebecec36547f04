import type { Plan, PlanInterval, PlanKey } from '@linkhive/shared/domain';
import { useState } from 'react';
import { useCheckout } from '../billing/useCheckout';
import { useSession } from '../../session/store';
import type { PlanAction } from './PlanCard';
import { PlanGrid } from './PlanGrid';
import { usePlans } from './usePlans';

interface Props {
  highlight?: PlanKey;
  headingLevel?: 'h2' | 'h3';
}

/** The plans from the server, with the month/year switch and working checkout buttons. */
export function PlanChooser({ highlight, headingLevel }: Props) {
  const plansQuery = usePlans();
  const me = useSession((s) => s.me);
  const [interval, setPlanInterval] = useState<PlanInterval>('month');
  const { checkout, pendingPriceId, error } = useCheckout();
  // The plan /api/auth/me names, as the profile's subscription box shows it.
  const mine = me?.plan.key ?? null;

  const actionFor = (plan: Plan): PlanAction => {
    if (plan.key === mine) return { label: 'Your current plan', disabled: true };
    if (plan.key === 'free') {
      return me ? { label: 'Go to my bookmarks', href: '/categories' } : { label: 'Sign up free', href: '/signup' };
    }
    const price = plan.prices.find((p) => p.interval === interval);
    if (!price) return { label: `Choose ${plan.name}`, disabled: true };
    return {
      label: `Choose ${plan.name}`,
      onClick: () => void checkout(plan, price),
      loading: pendingPriceId === price.id,
      disabled: pendingPriceId !== null && pendingPriceId !== price.id,
    };
  };

  return (
    <PlanGrid
      plans={plansQuery.data ?? null}
      // Try again shows the plans loading, not the failure, until the new answer.
      loadError={plansQuery.isFetching ? null : (plansQuery.error?.message ?? null)}
      onRetry={() => void plansQuery.refetch()}
      interval={interval}
      onIntervalChange={setPlanInterval}
      actionFor={actionFor}
      highlight={highlight}
      error={error}
      headingLevel={headingLevel}
    />
  );
}
