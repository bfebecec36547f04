import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const columns = `owner, search_title, search_rest, content='', contentless_delete=1`;

async function rebuild(db: Kysely<any>, options: string) {
  // The triggers name the table, not hold it, so they keep working once it is back.
  await sql`drop table bookmark_fts`.execute(db);
  await sql`create virtual table bookmark_fts using fts5(${sql.raw(columns + options)})`.execute(db);
  await sql`insert into bookmark_fts(rowid, owner, search_title, search_rest)
    select rowid, 'o' || lower(hex(user_id)), search_title, search_rest from bookmark`.execute(db);
}

/**
 * Prefix indexes for two- and three-letter prefixes on SQLite: without them FTS5 merges every word
 * that starts with 'pro' at query time, which is what a user typing the first letters asks for.
 * Postgres' GIN index answers prefixes as they are.
 */
export function searchPrefix({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await rebuild(db, `, prefix='2 3'`);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await rebuild(db, '');
    },
  };
}
