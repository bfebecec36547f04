import type { PaidPlanKey } from '@linkhive/shared/domain';

/** What each plan page says beyond the feature list the server sends. */
export const planDetails: Record<PaidPlanKey, { title: string; audience: string; description: string }> = {
  pro: {
    title: 'Pro plan',
    audience:
      'For people who run a few teams or projects: up to 10 workspace groups with as many members as you need, every feed of your saved sites and AI recommendations of related websites.',
    description:
      'Linkhive Pro: up to 10 workspace groups, unlimited users and RSS feeds, AI site recommendations and priority support, from £4.99 a month.',
  },
  business: {
    title: 'Business plan',
    audience:
      'For growing organisations: up to 20 workspace groups, so each department or client keeps its own shared links, with the same extras as Pro.',
    description:
      'Linkhive Business: up to 20 workspace groups with unlimited users, unlimited RSS feeds, AI site recommendations and priority support, from £9.99 a month.',
  },
  enterprise: {
    title: 'Enterprise plan',
    audience:
      'For organisations that share links at scale: unlimited workspace groups and unlimited users, with every feature Linkhive has.',
    description:
      'Linkhive Enterprise: unlimited workspace groups and users, unlimited RSS feeds, AI site recommendations and priority support, from £19.99 a month.',
  },
};
