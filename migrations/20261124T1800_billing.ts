import type { Kysely } from 'kysely';

/**
 * Billing through Stripe: each user's Stripe customer (made once), the current state of their
 * subscriptions as Stripe last answered it, the webhook events already handled (each id once), and
 * the log of permission changes made by admins.
 *
 * A subscription row is overwritten with what Stripe says when any event about it arrives, so
 * events that come out of order or twice leave the same state. Catalogue rows (product, price) stay
 * where they are: with a key, the server replaces the paid products' prices by Stripe's, keyed by
 * Stripe's price id (`product.stripe_product_id` links a plan to its Stripe product).
 */
export function billing() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('billing_customer')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscription')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('stripe_customer_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // 'pro' | 'business' | 'enterprise' from the product's metadata; null when it names none.
        .addColumn('plan', 'text')
        .addColumn('price_id', 'text')
        .addColumn('interval', 'text')
        .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('current_period_end', 'text')
        // Stripe's `created` of the subscription, to pick the newest when a user has several.
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subscription_user').on('subscription').column('user_id').execute();

      await db.schema
        .createTable('stripe_event')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('product').addColumn('stripe_product_id', 'text').execute();

      await db.schema
        .createTable('admin_audit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('actor_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('target_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        // JSON: the flags set, e.g. {"admin":true}.
        .addColumn('change', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('admin_audit_target')
        .on('admin_audit')
        .columns(['target_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('admin_audit').ifExists().execute();
      await db.schema.alterTable('product').dropColumn('stripe_product_id').execute();
      await db.schema.dropTable('stripe_event').ifExists().execute();
      await db.schema.dropTable('subscription').ifExists().execute();
      await db.schema.dropTable('billing_customer').ifExists().execute();
    },
  };
}
