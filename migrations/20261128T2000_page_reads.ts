import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The crawler finds its work in the data (issue 30): a bookmark whose page is still to be read has
 * `read_state` null, so a save or an import writes nothing more than its row (before, a save also
 * queued a job), and imported bookmarks are read the same way, after the import. A partial index
 * keeps only the rows still to read, by owner: the crawler takes each account's newest
 * page in turn. `read_state` is then 'reading' (claimed by a process, since `read_at`), 'read'
 * (a copy is kept) or 'none' (no copy: no article, refused, or the site failed twice).
 *
 * Bookmarks saved before keep their state: those with a copy are 'read'; the others are read in turn.
 */
export function pageReads({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('bookmark').addColumn('read_state', 'text').execute();
      await db.schema.alterTable('bookmark').addColumn('read_at', 'text').execute();
      await sql`update bookmark set read_state = 'read'
        where id in (select bookmark_id from bookmark_copy)`.execute(db);
      // SQLite's entry is the owner and the rowid, in the order rows came (newest last): a quarter of
      // the size of one with the date, which every imported row writes. Postgres has no rowid.
      if (dialect === 'sqlite')
        await sql`create index bookmark_to_read on bookmark (owner) where read_state is null`.execute(db);
      else
        await sql`create index bookmark_to_read on bookmark (owner, created_at) where read_state is null`.execute(db);
      await sql`create index bookmark_reading on bookmark (read_at) where read_state = 'reading'`.execute(db);
      // The jobs that read pages before: their pages are now to read by the rule above.
      await sql`delete from job where type = 'copy'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists bookmark_reading`.execute(db);
      await sql`drop index if exists bookmark_to_read`.execute(db);
      await db.schema.alterTable('bookmark').dropColumn('read_at').execute();
      await db.schema.alterTable('bookmark').dropColumn('read_state').execute();
    },
  };
}
