import type { Kysely } from 'kysely';

// Products and prices as Stripe models them, seeded with the four plans (Free, Pro, Business,
// Enterprise), priced in GBP by month and by year. Billing keeps stripe_price_id filled in once
// prices are synced with a Stripe account.
const products = [
  {
    id: 'plan_free',
    key: 'free',
    name: 'Free',
    description: 'Everything you need to save and organise your own links.',
    features: [
      'Unlimited personal bookmarks',
      '1 workspace group',
      'Limited workspace users',
      'A free promo page',
      'Chrome and Edge extension',
    ],
    sort: 0,
    monthly: 0,
  },
  {
    id: 'plan_pro',
    key: 'pro',
    name: 'Pro',
    description: 'For people who live in their bookmarks.',
    features: [
      'Up to 10 workspace groups',
      'Unlimited workspace users',
      'Unlimited RSS feeds',
      'AI recommendations',
      'Priority support',
    ],
    sort: 1,
    monthly: 499,
  },
  {
    id: 'plan_business',
    key: 'business',
    name: 'Business',
    description: 'For teams that share links every day.',
    features: [
      'Up to 20 workspace groups',
      'Unlimited workspace users',
      'Unlimited RSS feeds',
      'AI recommendations',
      'Priority support',
    ],
    sort: 2,
    monthly: 999,
  },
  {
    id: 'plan_enterprise',
    key: 'enterprise',
    name: 'Enterprise',
    description: 'For organisations with no limits.',
    features: [
      'Unlimited workspace groups',
      'Unlimited workspace users',
      'Unlimited RSS feeds',
      'AI recommendations',
      'Priority support',
    ],
    sort: 3,
    monthly: 1999,
  },
];

// Twelve months less 10%, rounded up to a whole pound, in pence.
const yearlyMinor = (monthly: number) => Math.ceil((monthly * 12 * 90) / 10_000) * 100;

export function plans() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('product')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('features', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('price')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'text', (c) => c.notNull().references('product.id').onDelete('cascade'))
        .addColumn('unit_amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('interval', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('stripe_price_id', 'text')
        .execute();
      await db.schema.createIndex('price_product_idx').on('price').column('product_id').execute();

      await db
        .insertInto('product')
        .values(
          products.map(({ monthly: _m, features, ...p }) => ({ ...p, features: JSON.stringify(features), active: 1 })),
        )
        .execute();
      await db
        .insertInto('price')
        .values(
          products.flatMap((p) => [
            {
              id: `${p.id}_month`,
              product_id: p.id,
              unit_amount: p.monthly,
              currency: 'gbp',
              interval: 'month',
              active: 1,
            },
            ...(p.monthly
              ? [
                  {
                    id: `${p.id}_year`,
                    product_id: p.id,
                    unit_amount: yearlyMinor(p.monthly),
                    currency: 'gbp',
                    interval: 'year',
                    active: 1,
                  },
                ]
              : []),
          ]),
        )
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('price').ifExists().execute();
      await db.schema.dropTable('product').ifExists().execute();
    },
  };
}
