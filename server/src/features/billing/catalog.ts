import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import { isPaidPlan, type PaidPlanKey } from '@linkhive/shared/domain';

/** The plan a Stripe product is sold as, from its metadata `product`; null when it names none. */
export function planOfProduct(product: Pick<Stripe.Product, 'metadata'> | null | undefined): PaidPlanKey | null {
  const key = product?.metadata?.product;
  return isPaidPlan(key) ? key : null;
}

const isMissing = (err: unknown) => (err as { statusCode?: number })?.statusCode === 404;

/**
 * Keeps the paid plans' prices as Stripe has them: the product rows (and their features) stay ours,
 * their price rows become Stripe's, keyed by Stripe's price id. The free plan is never touched.
 */
export function billingCatalog(db: Kysely<Database>, stripe: Stripe, log: Logger) {
  /** Writes one Stripe product and all its prices, active or not, over our row for its plan. */
  async function store(product: Stripe.Product, prices: Stripe.Price[]) {
    const plan = planOfProduct(product);
    if (!plan) return;
    await db.transaction().execute(async (trx) => {
      const ours = await trx
        .selectFrom('product')
        .select(['id', 'description'])
        .where('key', '=', plan)
        .executeTakeFirst();
      if (!ours) return;
      await trx
        .updateTable('product')
        .set({
          stripe_product_id: product.id,
          name: product.name,
          description: product.description ?? ours.description,
        })
        .where('id', '=', ours.id)
        .execute();
      // A price row per Stripe price; the seeded rows and any Stripe no longer lists go.
      await trx.deleteFrom('price').where('product_id', '=', ours.id).execute();
      const rows = prices
        .filter((p) => p.recurring && ['month', 'year'].includes(p.recurring.interval) && p.unit_amount != null)
        .map((p) => ({
          id: p.id,
          product_id: ours.id,
          unit_amount: p.unit_amount!,
          currency: p.currency,
          interval: p.recurring!.interval,
          // A product that is no longer sold sells none of its prices.
          active: p.active && product.active ? 1 : 0,
          stripe_price_id: p.id,
        }));
      if (rows.length) await trx.insertInto('price').values(rows).execute();
    });
  }

  async function pricesOf(productId: string): Promise<Stripe.Price[]> {
    return stripe.prices.list({ product: productId, limit: 100 }).autoPagingToArray({ limit: 1000 });
  }

  return {
    /** All active products whose metadata names a paid plan, with their prices. */
    async syncAll() {
      const products = await stripe.products.list({ active: true, limit: 100 }).autoPagingToArray({ limit: 1000 });
      for (const product of products.filter((p) => planOfProduct(p))) await store(product, await pricesOf(product.id));
    },

    /** Re-reads one product after a product or price event; a deleted one stops selling its prices. */
    async syncProduct(productId: string) {
      let product: Stripe.Product;
      try {
        product = await stripe.products.retrieve(productId);
      } catch (err) {
        if (!isMissing(err)) throw err;
        await db
          .updateTable('price')
          .set({ active: 0 })
          .where('product_id', 'in', db.selectFrom('product').select('id').where('stripe_product_id', '=', productId))
          .execute();
        return;
      }
      if ((product as { deleted?: boolean }).deleted) return;
      await store(product, await pricesOf(product.id));
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
