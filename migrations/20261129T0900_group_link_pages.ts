import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Search inside the pages of workspace links (issue 30): the crawler reads a group link's page as it
 * reads a bookmark's (migrations/20261128T2000_page_reads), and the group's search finds the page's
 * words beside the title and address.
 *
 * - `group_link.read_state` and `read_at`, as on bookmarks: null while the page is to be read, then
 *   'reading', 'read' or 'none'. Links added before start null, so existing workspaces get their
 *   copies (adding two nullable columns writes no row). A partial index of the rows still to read,
 *   by group, gives the crawler its turns; another of the claimed rows releases stale claims.
 * - `group_link_copy`, the readable copy, the columns of `bookmark_copy`, one row a link, gone with
 *   it (the foreign key's cascade: a link deleted, or a deleted group's links purged).
 * - The page's words, in an index of their own (the title and address keep their substring search):
 *   on SQLite a contentless FTS5 table `group_link_fts` (one column, `search_page`, the copy's words
 *   tagged with the group's rowid, as bookmarks' words are with their owner's number, so a search
 *   reads its group's words only), kept by triggers on the copy and on the link; on Postgres
 *   `group_link.page_vector`, the page's words without positions, each tagged with its group's tag
 *   (server/src/db/search-index-words.ts `groupPageTag`), kept by the copy's writer, under a GIN
 *   index. The planner thinks a scan of the table cheap (the vectors are stored out of line, where
 *   it does not count them) and read every vector of a group, 300 ms to 1.5 s at 10,000 links,
 *   where the index answers in 4 to 50 ms: the search asks for the index alone (no seq scan, and
 *   no group condition that another index could answer, the tag scoping the words instead).
 *
 * Measured before choosing (1,000 links with 30 KB pages, Free's cap; 10,000, Pro's): a LIKE over
 * the pages' text took 29 / 577 ms on SQLite and 220 / 2,525 ms on Postgres, against a goal of 20.
 */
export function groupLinkPages({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('group_link').addColumn('read_state', 'text').execute();
      await db.schema.alterTable('group_link').addColumn('read_at', 'text').execute();
      // SQLite: the rowid gives the order (newest last), as bookmark_to_read; Postgres has none.
      if (dialect === 'sqlite')
        await sql`create index group_link_to_read on group_link (group_id) where read_state is null`.execute(db);
      else
        await sql`create index group_link_to_read on group_link (group_id, created_at) where read_state is null`.execute(
          db,
        );
      await sql`create index group_link_reading on group_link (read_at) where read_state = 'reading'`.execute(db);
      await db.schema
        .createTable('group_link_copy')
        .addColumn('group_link_id', 'text', (c) => c.primaryKey().references('group_link.id').onDelete('cascade'))
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
      if (dialect === 'sqlite') await upSqlite(db);
      else await upPostgres(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        for (const t of triggers) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
        await sql`drop table if exists group_link_fts`.execute(db);
      } else {
        await sql`drop index if exists group_link_page_search`.execute(db);
        await sql`alter table group_link drop column if exists page_vector`.execute(db);
      }
      await db.schema.dropTable('group_link_copy').ifExists().execute();
      await sql`drop index if exists group_link_reading`.execute(db);
      await sql`drop index if exists group_link_to_read`.execute(db);
      await db.schema.alterTable('group_link').dropColumn('read_at').execute();
      await db.schema.alterTable('group_link').dropColumn('read_state').execute();
    },
  };
}

const triggers = [
  'group_link_fts_delete',
  'group_link_fts_move',
  'group_link_copy_fts_insert',
  'group_link_copy_fts_update',
  'group_link_copy_fts_delete',
];

/** The tokenizer of the bookmarks' search index (20261125T1100_search_index), read back from it. */
async function searchTokenize(db: Kysely<any>): Promise<string> {
  const { sql: ftsSql } = (
    await sql<{ sql: string }>`select sql from sqlite_schema where name = 'bookmark_fts'`.execute(db)
  ).rows[0]!;
  const tokenize = /tokenize\s*=\s*("(?:[^"]|"")*"|'(?:[^']|'')*')/i.exec(ftsSql)?.[1];
  return tokenize ? `, tokenize=${tokenize}` : '';
}

/** A link's row of the index, from its id: the copy's words tagged with its group's rowid. */
const reindex = (id: string, text: string) => `
    delete from group_link_fts where rowid = (select rowid from group_link where id = ${id});
    insert into group_link_fts (rowid, search_page)
      select l.rowid, search_index_words(g.rowid, ${text})
      from group_link l join workspace_group g on g.id = l.group_id where l.id = ${id};`;

async function upSqlite(db: Kysely<any>) {
  // As the bookmarks' index: words without positions (no phrase is ever asked), the tag and two or
  // three letters as prefixes (the tag is six characters, server/src/db/search-index-words.ts).
  await sql`create virtual table group_link_fts using fts5(${sql.raw(
    `search_page, content='', contentless_delete=1, prefix='8 9', detail=column${await searchTokenize(db)}`,
  )})`.execute(db);
  // A link has words in the index only once its page has a copy: none before this migration.
  await sql`create trigger group_link_fts_delete after delete on group_link begin
    delete from group_link_fts where rowid = old.rowid;
  end`.execute(db);
  // A link moved to another group: its words take the other group's tag.
  await sql`create trigger group_link_fts_move after update of group_id on group_link begin
    delete from group_link_fts where rowid = old.rowid;
    insert into group_link_fts (rowid, search_page)
      select new.rowid, search_index_words(g.rowid, c.text)
      from group_link_copy c join workspace_group g on g.id = new.group_id where c.group_link_id = new.id;
  end`.execute(db);
  await sql`create trigger group_link_copy_fts_insert after insert on group_link_copy begin
    ${sql.raw(reindex('new.group_link_id', 'new.text'))}
  end`.execute(db);
  await sql`create trigger group_link_copy_fts_update after update of text on group_link_copy begin
    ${sql.raw(reindex('new.group_link_id', 'new.text'))}
  end`.execute(db);
  // A copy removed (its address changed): the link keeps no page words. A link being deleted takes
  // its copy with it and its own trigger clears its row.
  await sql`create trigger group_link_copy_fts_delete after delete on group_link_copy begin
    delete from group_link_fts where rowid = (select rowid from group_link where id = old.group_link_id);
  end`.execute(db);
}

async function upPostgres(db: Kysely<any>) {
  await sql`alter table group_link add column page_vector tsvector`.execute(db);
  await sql`create index group_link_page_search on group_link using gin (page_vector)`.execute(db);
}
