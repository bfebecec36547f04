import type { Kysely } from 'kysely';

export function rss() {
  return {
    async up(db: Kysely<any>) {
      // One row per feed address, shared by every bookmark that names it: feeds are public pages,
      // and one fetch serves everyone who follows the same feed. The items are kept as parsed
      // (JSON), with the validators for the next conditional request.
      await db.schema
        .createTable('feed_cache')
        .addColumn('url', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('title', 'text')
        .addColumn('image', 'text')
        .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
        // Asked the site, whatever it answered; answered with items or 'not modified'; parsed a body.
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .addColumn('loaded_at', 'text')
        .addColumn('parsed_at', 'text')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('feed_cache').ifExists().execute();
    },
  };
}
