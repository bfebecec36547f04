import type { Kysely } from 'kysely';

/**
 * Issue 24: webhooks re-read a subscription from Stripe outside any lock, so a slow read could land
 * after a newer one and overwrite it. Each subscription row now keeps the Stripe-side marker of the
 * state it holds (`state_at`: the Stripe time of the event or read, in seconds; `ended`: Stripe
 * ended it, which Stripe never undoes), and writes are conditional on it (features/billing/
 * repository.ts). Existing rows get marker 0, so the next event about them always applies; a row
 * already canceled is marked ended.
 *
 * `checkout_session` keeps one open Checkout Session per account and Stripe price, so that asking
 * for a checkout again reuses it instead of making another. A row is also the claim of the request
 * making the session (`claim`, `claimed_at`; `session_id` and `url` still null), so that parallel
 * requests make one session between them.
 */
export function billingOrder() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('subscription')
        .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('subscription')
        .addColumn('state_at', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('subscription').addColumn('ended_at', 'text').execute();
      await db
        .updateTable('subscription')
        .set({ ended: 1 })
        .where('status', 'in', ['canceled', 'incomplete_expired'])
        .execute();

      await db.schema
        .createTable('checkout_session')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('price_id', 'text', (c) => c.notNull())
        .addColumn('claim', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('stripe_customer_id', 'text')
        .addColumn('url', 'text')
        .addColumn('expires_at', 'text')
        .addPrimaryKeyConstraint('checkout_session_pk', ['user_id', 'price_id'])
        .execute();
      // A completed or expired session is dropped by its webhook, found by Stripe's id.
      await db.schema.createIndex('checkout_session_id').on('checkout_session').column('session_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('checkout_session').ifExists().execute();
      await db.schema.alterTable('subscription').dropColumn('ended_at').execute();
      await db.schema.alterTable('subscription').dropColumn('state_at').execute();
      await db.schema.alterTable('subscription').dropColumn('ended').execute();
    },
  };
}
