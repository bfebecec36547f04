import type { Plan } from '@linkhive/shared/domain';

const plan = (key: Plan['key'], name: string, monthly: number, features: string[]): Plan => ({
  id: `plan_${key}`,
  key,
  name,
  description: `${name} description`,
  features,
  prices: [
    { id: `plan_${key}_month`, unitAmount: monthly, currency: 'gbp', interval: 'month' },
    ...(monthly
      ? [
          {
            id: `plan_${key}_year`,
            unitAmount: Math.ceil((monthly * 12 * 0.9) / 100) * 100,
            currency: 'gbp',
            interval: 'year' as const,
          },
        ]
      : []),
  ],
});

/** What GET /api/plans answers on a fresh server. */
export const planItems: Plan[] = [
  plan('free', 'Free', 0, ['Unlimited personal bookmarks', '1 workspace group']),
  plan('pro', 'Pro', 499, ['Up to 10 workspace groups', 'Unlimited RSS feeds']),
  plan('business', 'Business', 999, ['Up to 20 workspace groups', 'Unlimited RSS feeds']),
  plan('enterprise', 'Enterprise', 1999, ['Unlimited workspace groups', 'Unlimited RSS feeds']),
];

export const plansAnswer = () => ({ status: 200, body: { items: planItems } });
