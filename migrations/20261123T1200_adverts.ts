import type { Kysely } from 'kysely';

/**
 * Promo adverts: one per user (a unique index, so two submits at once cannot both win) and one per
 * slug (unique, so two names that derive the same address cannot both be stored). The threat
 * check's result lives on the row; `description_text` is the plain text of the sanitised copy, for
 * search and previews.
 */
export function adverts() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('advert')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('description_text', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('background', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('approved_at', 'text')
        .addColumn('threat_status', 'text', (c) => c.notNull())
        .addColumn('threat_types', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('threat_checked_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('advert_user').on('advert').column('user_id').unique().execute();
      await db.schema.createIndex('advert_slug').on('advert').column('slug').unique().execute();
      await db.schema.createIndex('advert_status').on('advert').columns(['status', 'approved_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('advert').ifExists().execute();
    },
  };
}
