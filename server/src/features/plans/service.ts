import type { Plan, PlanInterval, PlanKey } from '@linkhive/shared/domain';
import type { PlanRepository } from './repository.js';

export function planService(repo: PlanRepository) {
  return {
    /** The active plans in their order, each with its active prices. */
    async list(): Promise<Plan[]> {
      const [products, prices] = await Promise.all([repo.activeProducts(), repo.activePrices()]);
      return products.map((p) => ({
        id: p.id,
        key: p.key as PlanKey,
        name: p.name,
        description: p.description,
        features: JSON.parse(p.features) as string[],
        prices: prices
          .filter((x) => x.product_id === p.id)
          .map((x) => ({
            id: x.id,
            unitAmount: Number(x.unit_amount),
            currency: x.currency,
            interval: x.interval as PlanInterval,
          })),
      }));
    },
  };
}

export type PlanService = ReturnType<typeof planService>;
