import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The words of a row as the app made them when this migration was written: lowercased, accents
 * removed, split at anything that is not a letter or a digit. A frozen copy, not an import of the
 * app's `searchText`: this migration must fill old rows the same way whatever the app does later
 * (a later change of the words needs a migration of its own that rewrites the columns).
 */
function searchText(...parts: (string | null | undefined)[]): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

/**
 * Full-text search over title, address, domain and category. The words are made by the app (the
 * same function for rows and queries), so SQLite's FTS5 and Postgres' tsvector see the same words
 * and answer the same rows. Each index is scoped by owner, so one user's search never walks
 * another user's rows.
 */
export function search({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('bookmark')
        .addColumn('search_title', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('bookmark')
        .addColumn('search_rest', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      // Fill the words of bookmarks saved before this migration, a page at a time.
      let last = '';
      for (;;) {
        const rows = await db
          .selectFrom('bookmark')
          .select(['id', 'title', 'link', 'domain', 'category'])
          .where('id', '>', last)
          .orderBy('id')
          .limit(1000)
          .execute();
        for (const r of rows) {
          await db
            .updateTable('bookmark')
            .set({ search_title: searchText(r.title), search_rest: searchText(r.link, r.domain, r.category) })
            .where('id', '=', r.id)
            .execute();
        }
        if (rows.length < 1000) break;
        last = rows[rows.length - 1]!.id;
      }

      if (dialect === 'sqlite') {
        // Contentless: the words live only in the index. The owner column holds one word per user
        // (the hex of the user id), so a query names its owner and FTS5 intersects from there.
        await sql`create virtual table bookmark_fts using fts5(owner, search_title, search_rest, content='', contentless_delete=1)`.execute(
          db,
        );
        await sql`insert into bookmark_fts(rowid, owner, search_title, search_rest)
          select rowid, 'o' || lower(hex(user_id)), search_title, search_rest from bookmark`.execute(db);
        await sql`create trigger bookmark_fts_insert after insert on bookmark begin
          insert into bookmark_fts(rowid, owner, search_title, search_rest)
          values (new.rowid, 'o' || lower(hex(new.user_id)), new.search_title, new.search_rest);
        end`.execute(db);
        await sql`create trigger bookmark_fts_delete after delete on bookmark begin
          delete from bookmark_fts where rowid = old.rowid;
        end`.execute(db);
        await sql`create trigger bookmark_fts_update after update of search_title, search_rest, user_id on bookmark begin
          delete from bookmark_fts where rowid = old.rowid;
          insert into bookmark_fts(rowid, owner, search_title, search_rest)
          values (new.rowid, 'o' || lower(hex(new.user_id)), new.search_title, new.search_rest);
        end`.execute(db);
      } else {
        await sql`alter table bookmark add column search_vector tsvector generated always as (
          setweight(to_tsvector('simple', search_title), 'A') || setweight(to_tsvector('simple', search_rest), 'C')
        ) stored`.execute(db);
        // btree_gin lets one GIN index hold the owner and the words together; without the extension
        // (no right to create it) the words alone are indexed and Postgres combines it with user_id.
        let scoped = true;
        try {
          await sql`create extension if not exists btree_gin`.execute(db);
        } catch {
          scoped = false;
        }
        if (scoped) await sql`create index bookmark_search on bookmark using gin (user_id, search_vector)`.execute(db);
        else await sql`create index bookmark_search on bookmark using gin (search_vector)`.execute(db);
      }
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        for (const t of ['bookmark_fts_insert', 'bookmark_fts_delete', 'bookmark_fts_update'])
          await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
        await sql`drop table if exists bookmark_fts`.execute(db);
      } else {
        await sql`drop index if exists bookmark_search`.execute(db);
        await sql`alter table bookmark drop column if exists search_vector`.execute(db);
      }
      await db.schema.alterTable('bookmark').dropColumn('search_rest').execute();
      await db.schema.alterTable('bookmark').dropColumn('search_title').execute();
    },
  };
}
