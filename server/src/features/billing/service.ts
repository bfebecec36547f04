import { billingMessages } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import type { PlanRepository } from '../plans/repository.js';

export function billingService(plans: PlanRepository) {
  const notConfigured = () => new AppError(503, 'billing_not_configured', billingMessages.notConfigured);

  return {
    async checkout(priceId: string): Promise<{ url: string }> {
      const price = await plans.findActivePrice(priceId);
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
