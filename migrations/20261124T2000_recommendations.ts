import type { Kysely } from 'kysely';

/**
 * Recommended websites: one cached answer per domain and region (spec: one record per domain, kept a
 * month), with the model that gave it; and the index the local recommender walks: from a domain to
 * the users who saved it, and from those users to their other domains (bookmark_user_created
 * already leads with user_id).
 */
export function recommendations() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('recommendation_cache')
        .addColumn('domain', 'text', (c) => c.notNull())
        // '' when no region was given.
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('model', 'text')
        // JSON array of Recommendation, already checked and cut.
        .addColumn('results', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('recommendation_cache_pk', ['domain', 'region'])
        .execute();
      await db.schema.createIndex('bookmark_domain_user').on('bookmark').columns(['domain', 'user_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('bookmark_domain_user').ifExists().execute();
      await db.schema.dropTable('recommendation_cache').ifExists().execute();
    },
  };
}
