import type { Kysely } from 'kysely';

export function imports() {
  return {
    async up(db: Kysely<any>) {
      // One row per import, read by the page that shows progress while the upload is processed.
      await db.schema
        .createTable('import_job')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('result', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // Staged rows: written in small batches beside normal traffic, then moved into bookmark in
      // one transaction, so a failure part-way leaves the user's bookmarks untouched.
      await db.schema
        .createTable('import_item')
        .addColumn('job_id', 'text', (c) => c.notNull().references('import_job.id').onDelete('cascade'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('link_key', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('favourite', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rss_feed', 'text')
        .addColumn('search_title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('search_rest', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('import_item_pk', ['job_id', 'link_key'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('import_item').ifExists().execute();
      await db.schema.dropTable('import_job').ifExists().execute();
    },
  };
}
