import { sql, type Kysely } from 'kysely';

/**
 * The trash (issue 31): a deleted bookmark leaves `bookmark` (so every list, search, count, export
 * and feed ignores it with no filter of its own, and its address may be saved again) and waits here
 * until it is restored or its day comes (`purge_at`, TRASH_DAYS after the delete).
 *
 * `row` is the bookmark's row as JSON, `copy` and `link_check` its readable copy's and its last
 * link check's (those rows go with the bookmark): restoring puts back exactly what was deleted.
 * Title, address and category are kept apart too, for the Trash page's list. An account that goes
 * takes its trash with it.
 */
export function trash() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('bookmark_trash')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'integer', (c) => c.notNull().references('owner.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('row', 'text', (c) => c.notNull())
        .addColumn('copy', 'text')
        .addColumn('link_check', 'text')
        .addColumn('trashed_at', 'text', (c) => c.notNull())
        .addColumn('purge_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create index bookmark_trash_owner on bookmark_trash (owner, trashed_at, id)`.execute(db);
      await sql`create index bookmark_trash_purge on bookmark_trash (purge_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('bookmark_trash').ifExists().execute();
    },
  };
}
