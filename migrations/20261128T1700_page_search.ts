import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Search inside saved pages (issue 30): a bookmark's readable copy joins its title and address in
 * the search index, so one query's words may be found in any of them (a word in the title and
 * another in the article still match).
 *
 * - **SQLite.** The index gets a third column, `search_page`, the copy's text as the app's tagged
 *   words (`search_index_words`, as for the other two). The index is contentless: it keeps only the
 *   words' lists, never a second copy of the text. Triggers on `bookmark_copy` index a copy as it is
 *   kept, replaced or removed; the bookmark's own triggers carry its copy's words along.
 * - **Postgres.** `page_vector`, the copy's words without positions (nothing ranks by them), is kept
 *   on the bookmark by the copy's writer; the search index covers the title-and-address vector and
 *   this one together, as one expression the queries repeat (`bookmarkSearchVector`).
 */
export function pageSearch({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await upSqlite(db);
      else await upPostgres(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await downSqlite(db);
      else await downPostgres(db);
    },
  };
}

const prefixes = `prefix='8 9', detail=column`;
const before = `search_title, search_rest, content='', contentless_delete=1, ${prefixes}`;
const after = `search_title, search_rest, search_page, content='', contentless_delete=1, ${prefixes}`;

/** The tokenizer the search index has (20261125T1100_search_index), read back from it. */
async function searchTokenize(db: Kysely<any>): Promise<string> {
  const { sql: ftsSql } = (
    await sql<{ sql: string }>`select sql from sqlite_schema where name = 'bookmark_fts'`.execute(db)
  ).rows[0]!;
  const tokenize = /tokenize\s*=\s*("(?:[^"]|"")*"|'(?:[^']|'')*')/i.exec(ftsSql)?.[1];
  return tokenize ? `, tokenize=${tokenize}` : '';
}

const bookmarkTriggers = ['bookmark_fts_insert', 'bookmark_fts_delete', 'bookmark_fts_update'];
const copyTriggers = ['bookmark_copy_fts_insert', 'bookmark_copy_fts_update', 'bookmark_copy_fts_delete'];

async function dropTriggers(db: Kysely<any>, names: string[]) {
  for (const t of names) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
}

/** A bookmark's row of the index, from the bookmark `b` and its copy's text `t` (null without one). */
const indexRow = (b: string, t: string) =>
  `search_index_words(${b}.owner, ${b}.search_title), search_index_words(${b}.owner, ${b}.link, ${b}.domain, ${b}.category),
    search_index_words(${b}.owner, ${t})`;

async function upSqlite(db: Kysely<any>) {
  await dropTriggers(db, bookmarkTriggers);
  const tokenize = await searchTokenize(db);
  await sql`drop table bookmark_fts`.execute(db);
  await sql`create virtual table bookmark_fts using fts5(${sql.raw(after + tokenize)})`.execute(db);
  await sql`insert into bookmark_fts (rowid, search_title, search_rest, search_page)
    select b.rowid, ${sql.raw(indexRow('b', 'c.text'))}
    from bookmark b left join bookmark_copy c on c.bookmark_id = b.id`.execute(db);

  // A new bookmark has no copy yet: the crawler keeps one after the save has answered.
  await sql`create trigger bookmark_fts_insert after insert on bookmark begin
    insert into bookmark_fts (rowid, search_title, search_rest)
    values (new.rowid, search_index_words(new.owner, new.search_title),
      search_index_words(new.owner, new.link, new.domain, new.category));
  end`.execute(db);
  await sql`create trigger bookmark_fts_delete after delete on bookmark begin
    delete from bookmark_fts where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger bookmark_fts_update
    after update of owner, search_title, link, domain, category on bookmark begin
    delete from bookmark_fts where rowid = old.rowid;
    insert into bookmark_fts (rowid, search_title, search_rest, search_page)
    values (new.rowid, ${sql.raw(indexRow('new', '(select text from bookmark_copy where bookmark_id = new.id)'))});
  end`.execute(db);

  // A copy kept, replaced or removed: its bookmark's row of the index is made again. A bookmark
  // being deleted takes its copy with it (the foreign key's cascade) and its own trigger clears
  // the index, so a copy's removal re-indexes only a bookmark that is still there.
  const reindex = (id: string, text: string) =>
    sql.raw(`
    delete from bookmark_fts where rowid = (select rowid from bookmark where id = ${id});
    insert into bookmark_fts (rowid, search_title, search_rest, search_page)
      select b.rowid, ${indexRow('b', text)} from bookmark b where b.id = ${id};`);
  await sql`create trigger bookmark_copy_fts_insert after insert on bookmark_copy begin
    ${reindex('new.bookmark_id', 'new.text')}
  end`.execute(db);
  await sql`create trigger bookmark_copy_fts_update after update of text on bookmark_copy begin
    ${reindex('new.bookmark_id', 'new.text')}
  end`.execute(db);
  await sql`create trigger bookmark_copy_fts_delete after delete on bookmark_copy begin
    ${reindex('old.bookmark_id', 'null')}
  end`.execute(db);
}

async function downSqlite(db: Kysely<any>) {
  await dropTriggers(db, [...bookmarkTriggers, ...copyTriggers]);
  const tokenize = await searchTokenize(db);
  await sql`drop table bookmark_fts`.execute(db);
  await sql`create virtual table bookmark_fts using fts5(${sql.raw(before + tokenize)})`.execute(db);
  await sql`insert into bookmark_fts (rowid, search_title, search_rest)
    select rowid, search_index_words(owner, search_title), search_index_words(owner, link, domain, category)
    from bookmark`.execute(db);
  await sql`create trigger bookmark_fts_insert after insert on bookmark begin
    insert into bookmark_fts (rowid, search_title, search_rest)
    values (new.rowid, search_index_words(new.owner, new.search_title),
      search_index_words(new.owner, new.link, new.domain, new.category));
  end`.execute(db);
  await sql`create trigger bookmark_fts_delete after delete on bookmark begin
    delete from bookmark_fts where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger bookmark_fts_update
    after update of owner, search_title, link, domain, category on bookmark begin
    delete from bookmark_fts where rowid = old.rowid;
    insert into bookmark_fts (rowid, search_title, search_rest)
    values (new.rowid, search_index_words(new.owner, new.search_title),
      search_index_words(new.owner, new.link, new.domain, new.category));
  end`.execute(db);
}

/** The words of a text as the app made them when this migration was written (a frozen copy). */
function searchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

async function scopedByOwner(db: Kysely<any>): Promise<boolean> {
  const { n } = (
    await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'btree_gin'`.execute(db)
  ).rows[0]!;
  return n > 0;
}

async function upPostgres(db: Kysely<any>) {
  await sql`alter table bookmark add column page_vector tsvector`.execute(db);
  // Copies kept before this migration get their words here, a few hundred at a time.
  let last = '';
  for (;;) {
    const rows = (
      await sql<{ bookmark_id: string; text: string }>`select bookmark_id, text from bookmark_copy
        where bookmark_id > ${last} order by bookmark_id limit 200`.execute(db)
    ).rows;
    if (!rows.length) break;
    for (const r of rows)
      await sql`update bookmark set page_vector = strip(to_tsvector('simple', ${searchText(r.text)}))
        where id = ${r.bookmark_id}`.execute(db);
    last = rows[rows.length - 1]!.bookmark_id;
  }
  await sql`drop index if exists bookmark_search`.execute(db);
  const vector = sql.raw(`(search_vector || coalesce(page_vector, ''::tsvector))`);
  if (await scopedByOwner(db))
    await sql`create index bookmark_search on bookmark using gin (owner, ${vector})`.execute(db);
  else await sql`create index bookmark_search on bookmark using gin (${vector})`.execute(db);
}

async function downPostgres(db: Kysely<any>) {
  await sql`drop index if exists bookmark_search`.execute(db);
  await sql`alter table bookmark drop column if exists page_vector`.execute(db);
  if (await scopedByOwner(db))
    await sql`create index bookmark_search on bookmark using gin (owner, search_vector)`.execute(db);
  else await sql`create index bookmark_search on bookmark using gin (search_vector)`.execute(db);
}
