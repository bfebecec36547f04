import type { Kysely } from 'kysely';

/**
 * Imports save straight into `bookmark`, a slice of rows per short transaction, instead of staging
 * every row in `import_item` and moving them in one long one: no copy of each row (whose deleted
 * pages stayed in the file), and no write lock held for seconds while other users wait. A row
 * remembers the import that added it (`import_id`), so that a failed or interrupted import is
 * removed by it; the rows an overwriting import replaced wait in `import_undo` until it ends, to be
 * put back if it fails.
 */
export function importInSlices() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('bookmark').addColumn('import_id', 'text').execute();
      await db.schema
        .createTable('import_undo')
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('bookmark_id', 'text', (c) => c.notNull())
        // The replaced bookmark row, as JSON of its columns.
        .addColumn('row', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('import_undo_pk', ['job_id', 'bookmark_id'])
        .execute();
      // Jobs in flight when this runs were ended by the restart that runs it.
      await db.schema.dropTable('import_item').ifExists().execute();
    },
    async down(db: Kysely<any>) {
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
      await db.schema.dropTable('import_undo').ifExists().execute();
      await db.schema.alterTable('bookmark').dropColumn('import_id').execute();
    },
  };
}
