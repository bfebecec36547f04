import type { Kysely } from 'kysely';

/**
 * Who has already been counted on a promo page today, so that a view (or a QR scan) counts once per
 * visitor and day rather than once per request. A visitor is only a keyed hash (features/promo/
 * visitors.ts): of the account for a signed-in visitor, of the client address and user agent
 * otherwise, mixed with the page, the day and the kind, so no address or account is stored and one
 * visitor's rows cannot be linked across pages or days. Only today's rows are needed; older ones
 * are deleted as days pass. The figures themselves stay in promo_daily.
 */
export function promoVisitors() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('promo_visitor')
        .addColumn('advert_id', 'text', (c) => c.notNull().references('advert.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('promo_visitor_pk', ['advert_id', 'day', 'visitor'])
        .execute();
      // Pruning deletes by day across every page.
      await db.schema.createIndex('promo_visitor_day').on('promo_visitor').column('day').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('promo_visitor').ifExists().execute();
    },
  };
}
