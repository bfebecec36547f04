import type { Kysely, Selectable } from 'kysely';
import type { PermissionFlag } from '@linkhive/shared/domain';
import type { Database, SubscriptionTable } from '../../db/schema.js';

export type SubscriptionRow = Selectable<SubscriptionTable>;
export type PaidPlan = 'pro' | 'business' | 'enterprise';

/** Stripe statuses under which a subscription grants its plan; every other status grants nothing. */
export const countingStatuses: readonly string[] = ['trialing', 'active'];

export const planFlags: Record<PaidPlan, PermissionFlag> = {
  pro: 'subscriptionPro',
  business: 'subscriptionBusiness',
  enterprise: 'subscriptionEnterprise',
};

/** Grants that billing makes carry this source, so billing never revokes an operator's or admin's grant. */
const billingSource = 'billing';

/** Customers, subscriptions and handled events; each method one query, so a transaction can combine them. */
export function billingQueries(db: Kysely<Database>) {
  return {
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

    async upsertSubscription(row: Omit<SubscriptionRow, 'updated_at'>) {
      const values = { ...row, updated_at: new Date().toISOString() };
      const { id: _id, ...changes } = values;
      await db
        .insertInto('subscription')
        .values(values)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
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
      for (const [plan, flag] of Object.entries(planFlags) as [PaidPlan, PermissionFlag][]) {
        if (wanted.has(plan))
          await db
            .insertInto('user_permission')
            .values({ user_id: userId, flag, source: billingSource, created_at: new Date().toISOString() })
            .onConflict((oc) => oc.columns(['user_id', 'flag']).doNothing())
            .execute();
        else
          await db
            .deleteFrom('user_permission')
            .where('user_id', '=', userId)
            .where('flag', '=', flag)
            .where('source', '=', billingSource)
            .execute();
      }
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
