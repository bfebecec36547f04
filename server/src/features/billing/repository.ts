import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { checkoutSessionBudget, paidPlanKeys, planFlags, type PaidPlanKey } from '@linkhive/shared/domain';
import { permissionRepository } from '../permissions/repository.js';
import type { Database, PriceTable, SubscriptionTable } from '../../db/schema.js';
import { countInWindow } from '../../http/rate-limit.js';

export type SubscriptionRow = Selectable<SubscriptionTable>;

/** Stripe statuses under which a subscription grants its plan; every other status grants nothing. */
export const countingStatuses: readonly string[] = ['trialing', 'active'];

/** Grants that billing makes carry this source, so billing never revokes an operator's or admin's grant. */
const billingSource = 'billing';

/**
 * Customers, subscriptions, handled events and the paid plans' catalogue; each method one query, so
 * a transaction can combine them.
 */
export function billingQueries(db: Kysely<Database>) {
  return {
    /** Our product row for a paid plan: the catalogue writes Stripe's product over it. */
    planProduct(plan: PaidPlanKey) {
      return db.selectFrom('product').select(['id', 'description']).where('key', '=', plan).executeTakeFirst();
    },

    async storeStripeProduct(id: string, p: { stripeProductId: string; name: string; description: string }) {
      await db
        .updateTable('product')
        .set({ stripe_product_id: p.stripeProductId, name: p.name, description: p.description })
        .where('id', '=', id)
        .execute();
    },

    async deletePricesOf(productId: string) {
      await db.deleteFrom('price').where('product_id', '=', productId).execute();
    },

    async insertPrices(rows: Insertable<PriceTable>[]) {
      // An insert of no rows is not SQL.
      if (rows.length) await db.insertInto('price').values(rows).execute();
    },

    /** Stops selling every price of our product sold as `stripeProductId` (Stripe no longer knows it). */
    async deactivatePricesOfStripeProduct(stripeProductId: string) {
      await db
        .updateTable('price')
        .set({ active: 0 })
        .where(
          'product_id',
          'in',
          db.selectFrom('product').select('id').where('stripe_product_id', '=', stripeProductId),
        )
        .execute();
    },

    customerOf(userId: string) {
      return db
        .selectFrom('billing_customer')
        .select('stripe_customer_id')
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then((r) => r?.stripe_customer_id ?? null);
    },

    /** Stores the user's customer unless one is stored already, and answers the stored one. */
    async storeCustomer(userId: string, stripeCustomerId: string): Promise<string> {
      await db
        .insertInto('billing_customer')
        .values({ user_id: userId, stripe_customer_id: stripeCustomerId, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const stored = await this.customerOf(userId);
      if (!stored) throw new Error(`billing customer of ${userId} was not stored`);
      return stored;
    },

    userOfCustomer(stripeCustomerId: string) {
      return db
        .selectFrom('billing_customer')
        .select('user_id')
        .where('stripe_customer_id', '=', stripeCustomerId)
        .executeTakeFirst()
        .then((r) => r?.user_id ?? null);
    },

    /** Newest first, by Stripe's creation time. */
    subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscription')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    subscription(id: string) {
      return db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Stores Stripe's state of a subscription unless the row already holds a newer one, in one
     * statement (an upsert whose update is conditional), so two webhooks whose Stripe reads finish
     * out of order cannot leave the older read behind. Newer means: Stripe ended it (it never
     * undoes that) when the row is not ended; else a later Stripe time (`state_at`); on the same
     * second, a period end no earlier. An ended row only takes another ended state. Answers whether
     * the row was written.
     */
    async applySubscription(row: Omit<SubscriptionRow, 'updated_at'>): Promise<boolean> {
      const values = { ...row, updated_at: new Date().toISOString() };
      const { id: _id, ...changes } = values;
      const res = await db
        .insertInto('subscription')
        .values(values)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(changes)
            .where(
              sql<boolean>`(excluded.ended = 1 and (subscription.ended = 0 or excluded.state_at >= subscription.state_at))
                or (excluded.ended = 0 and subscription.ended = 0 and (excluded.state_at > subscription.state_at
                  or (excluded.state_at = subscription.state_at
                    and coalesce(excluded.current_period_end, '') >= coalesce(subscription.current_period_end, ''))))`,
            ),
        )
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Subscriptions that grant a plan flag now: what a reconcile re-reads from Stripe. */
    /** One page of the subscriptions that grant a flag now, in id order after `after`. */
    grantingSubscriptions(page: { after?: string; limit: number }): Promise<SubscriptionRow[]> {
      let query = db
        .selectFrom('subscription')
        .selectAll()
        .where('status', 'in', [...countingStatuses])
        .where('plan', 'is not', null);
      if (page.after !== undefined) query = query.where('id', '>', page.after);
      return query.orderBy('id').limit(page.limit).execute();
    },

    checkoutSession(userId: string, priceId: string) {
      return db
        .selectFrom('checkout_session')
        .selectAll()
        .where('user_id', '=', userId)
        .where('price_id', '=', priceId)
        .executeTakeFirst();
    },

    /**
     * Claims the making of the account's session for a price, in one statement: a new row, or one
     * whose session can no longer be reused (expiring before `freshUntil`, another customer) or
     * whose maker went quiet before `staleBefore`. Answers whether this claim won.
     */
    async claimCheckout(
      key: { userId: string; priceId: string },
      claim: string,
      o: { now: string; staleBefore: string; freshUntil: string; customer: string },
    ): Promise<boolean> {
      const blank = { session_id: null, stripe_customer_id: null, url: null, expires_at: null };
      const res = await db
        .insertInto('checkout_session')
        .values({ user_id: key.userId, price_id: key.priceId, claim, claimed_at: o.now, ...blank })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'price_id'])
            .doUpdateSet({ claim, claimed_at: o.now, ...blank })
            .where(
              sql<boolean>`(checkout_session.url is null and checkout_session.claimed_at < ${o.staleBefore})
                or (checkout_session.url is not null and (checkout_session.expires_at < ${o.freshUntil}
                  or checkout_session.stripe_customer_id <> ${o.customer}))`,
            ),
        )
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Fills in the session a claim made; nothing when the claim was taken over meanwhile. */
    async storeCheckout(
      key: { userId: string; priceId: string },
      claim: string,
      s: { sessionId: string; customer: string; url: string; expiresAt: string },
    ) {
      await db
        .updateTable('checkout_session')
        .set({ session_id: s.sessionId, stripe_customer_id: s.customer, url: s.url, expires_at: s.expiresAt })
        .where('user_id', '=', key.userId)
        .where('price_id', '=', key.priceId)
        .where('claim', '=', claim)
        .execute();
    },

    /** Gives up a claim that made nothing (refused by the budget, or Stripe failed). */
    async releaseCheckout(key: { userId: string; priceId: string }, claim: string) {
      await db
        .deleteFrom('checkout_session')
        .where('user_id', '=', key.userId)
        .where('price_id', '=', key.priceId)
        .where('claim', '=', claim)
        .where('url', 'is', null)
        .execute();
    },

    /** A session that completed or expired is never offered again. */
    async dropCheckoutSession(sessionId: string) {
      await db.deleteFrom('checkout_session').where('session_id', '=', sessionId).execute();
    },

    /** Counts one Checkout Session made for the account in the budget's window (http/rate-limit.ts). */
    countCheckoutCreation(userId: string) {
      return countInWindow(db, `checkout-session:${userId}`, checkoutSessionBudget.windowMs);
    },

    eventSeen(id: string) {
      return db
        .selectFrom('stripe_event')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst()
        .then((r) => !!r);
    },

    /** Records an event as handled; false when its id was handled before (a replay or a duplicate). */
    async claimEvent(id: string, type: string): Promise<boolean> {
      const res = await db
        .insertInto('stripe_event')
        .values({ id, type, received_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Sets the user's subscription flags from their subscriptions that count. Only billing's own
     * grants are removed; admin, advertiser and an operator's grant of a plan flag stay.
     */
    async recomputeFlags(userId: string) {
      const subs = await this.subscriptionsOf(userId);
      const wanted = new Set(subs.filter((s) => countingStatuses.includes(s.status) && s.plan).map((s) => s.plan));
      const flags = Object.fromEntries(paidPlanKeys.map((plan) => [planFlags[plan], wanted.has(plan)]));
      // In this transaction, through the permissions' own writer.
      await permissionRepository(db).setFlagsFrom(userId, billingSource, flags);
    },
  };
}

export type BillingQueries = ReturnType<typeof billingQueries>;

export function billingRepository(db: Kysely<Database>) {
  return {
    ...billingQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction: <T>(work: (q: BillingQueries) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => work(billingQueries(trx))),
  };
}

export type BillingRepository = ReturnType<typeof billingRepository>;
