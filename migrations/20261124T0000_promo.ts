import type { Kysely } from 'kysely';

/**
 * Promo pages: followers, posts and the owner's daily figures.
 *
 * Following is per advert owner (the spec's promotors/{advertUserId}/followers), so an owner who
 * replaces their advert keeps their followers; the primary key lets one follow in however many
 * clicks. Posts belong to the owner too. The daily figures are counters only: no visitor's address
 * or identity is stored, so there is nothing to delete or leak about who looked.
 */
export function promo() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('promo_follower')
        .addColumn('promotor_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('promo_follower_pk', ['promotor_id', 'user_id'])
        .execute();
      // The owner's list (newest first) and the stats' new followers since a date.
      await db.schema
        .createIndex('promo_follower_since')
        .on('promo_follower')
        .columns(['promotor_id', 'created_at'])
        .execute();
      // Deleting an account cascades on user_id, which the primary key does not lead with.
      await db.schema.createIndex('promo_follower_user').on('promo_follower').column('user_id').execute();

      await db.schema
        .createTable('promo_post')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('content_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('promo_post_user').on('promo_post').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('promo_daily')
        .addColumn('advert_id', 'text', (c) => c.notNull().references('advert.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('qr_scans', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('promo_daily_pk', ['advert_id', 'day'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('promo_daily').ifExists().execute();
      await db.schema.dropTable('promo_post').ifExists().execute();
      await db.schema.dropTable('promo_follower').ifExists().execute();
    },
  };
}
