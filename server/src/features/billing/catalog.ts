import type { Logger } from '../../logger.js';
import type { StripeClient, StripePrice, StripeProduct } from '../../integrations/stripe/types.js';
import { isPaidPlan, type PaidPlanKey } from '@linkhive/shared/domain';
import type { BillingRepository } from './repository.js';

/** The plan a Stripe product is sold as, from its metadata `product`; null when it names none. */
export function planOfProduct(product: Pick<StripeProduct, 'metadata'> | null | undefined): PaidPlanKey | null {
  const key = product?.metadata?.product;
  return isPaidPlan(key) ? key : null;
}

/**
 * Keeps the paid plans' prices as Stripe has them: the product rows (and their features) stay ours,
 * their price rows become Stripe's, keyed by Stripe's price id. The free plan is never touched.
 */
export function billingCatalog(repo: BillingRepository, stripe: StripeClient, log: Logger) {
  /** Writes one Stripe product and all its prices, active or not, over our row for its plan. */
  async function store(product: StripeProduct, prices: StripePrice[]) {
    const plan = planOfProduct(product);
    if (!plan) return;
    await repo.transaction(async (q) => {
      const ours = await q.planProduct(plan);
      if (!ours) return;
      await q.storeStripeProduct(ours.id, {
        stripeProductId: product.id,
        name: product.name,
        description: product.description ?? ours.description,
      });
      // A price row per Stripe price; the seeded rows and any Stripe no longer lists go.
      await q.deletePricesOf(ours.id);
      const rows = prices
        .filter((p) => p.interval !== null && ['month', 'year'].includes(p.interval) && p.unitAmount != null)
        .map((p) => ({
          id: p.id,
          product_id: ours.id,
          unit_amount: p.unitAmount!,
          currency: p.currency,
          interval: p.interval!,
          // A product that is no longer sold sells none of its prices.
          active: p.active && product.active ? 1 : 0,
          stripe_price_id: p.id,
        }));
      await q.insertPrices(rows);
    });
  }

  return {
    /** All active products whose metadata names a paid plan, with their prices. */
    async syncAll() {
      const products = await stripe.activeProducts();
      for (const product of products.filter((p) => planOfProduct(p)))
        await store(product, await stripe.pricesOf(product.id));
    },

    /** Re-reads one product after a product or price event; a deleted one stops selling its prices. */
    async syncProduct(productId: string) {
      const product = await stripe.retrieveProduct(productId);
      if (!product) {
        await repo.deactivatePricesOfStripeProduct(productId);
        return;
      }
      if (product.deleted) return;
      await store(product, await stripe.pricesOf(product.id));
    },

    /** At start: a failure is logged and the next start tries again; the stored catalogue stays. */
    async syncAtStart() {
      try {
        await this.syncAll();
        log.info('billing catalogue read from Stripe');
      } catch (err) {
        log.warn({ err }, 'billing catalogue could not be read from Stripe; keeping the stored plans');
      }
    },
  };
}

export type BillingCatalog = ReturnType<typeof billingCatalog>;
