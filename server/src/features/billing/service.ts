import { billingMessages, type Plan, type PlanKey } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import type { PlanRepository } from './repository.js';

export function billingService(repo: PlanRepository) {
  const notConfigured = () => new AppError(503, 'billing_not_configured', billingMessages.notConfigured);

  return {
    async plans(): Promise<Plan[]> {
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
            interval: x.interval as 'month' | 'year',
          })),
      }));
    },

    async checkout(priceId: string): Promise<{ url: string }> {
      const price = await repo.findActivePrice(priceId);
      if (!price || Number(price.unit_amount) === 0)
        throw new AppError(404, 'not_found', billingMessages.unknownPrice, 'priceId');
      // No payment provider is wired in yet (STRIPE_SECRET_KEY comes with billing): say so plainly.
      throw notConfigured();
    },

    async portal(): Promise<{ url: string }> {
      throw notConfigured();
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
