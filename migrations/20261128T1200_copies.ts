import type { Kysely } from 'kysely';

/**
 * Each bookmark's readable copy (issue 30): the article its page holds, as the crawler read it,
 * kept for the Reader view and for search inside pages. One row a bookmark, gone with it.
 */
export function copies() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('bookmark_copy')
        .addColumn('bookmark_id', 'text', (c) => c.primaryKey().references('bookmark.id').onDelete('cascade'))
        .addColumn('title', 'text')
        .addColumn('byline', 'text')
        .addColumn('site_name', 'text')
        .addColumn('excerpt', 'text')
        .addColumn('lang', 'text')
        .addColumn('word_count', 'integer', (c) => c.notNull())
        .addColumn('lead_image', 'text')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('bookmark_copy').ifExists().execute();
    },
  };
}
