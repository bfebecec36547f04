import type { Plan, PlanInterval, PlanKey } from '@linkhive/shared/domain';
import { useEffect, useState } from 'react';
import { useCheckout } from '../billing/useCheckout';
import { useSession } from '../../session/store';
import type { PlanAction } from './PlanCard';
import { PlanGrid } from './PlanGrid';
import { usePlansStore } from './usePlans';

interface Props {
  highlight?: PlanKey;
  headingLevel?: 'h2' | 'h3';
}

/** The plans from the server, with the month/year switch and working checkout buttons. */
export function PlanChooser({ highlight, headingLevel }: Props) {
  const { plans, error: loadError, load } = usePlansStore();
  const me = useSession((s) => s.me);
  const [interval, setPlanInterval] = useState<PlanInterval>('month');
  const { checkout, pendingPriceId, error } = useCheckout();
  // The plan /api/auth/me names, as the profile's subscription box shows it.
  const mine = me?.plan.key ?? null;

  useEffect(() => {
    void load();
  }, [load]);

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
      plans={plans}
      loadError={loadError}
      onRetry={() => void load()}
      interval={interval}
      onIntervalChange={setPlanInterval}
      actionFor={actionFor}
      highlight={highlight}
      error={error}
      headingLevel={headingLevel}
    />
  );
}
