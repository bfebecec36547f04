import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * A smaller bookmark table (issue 27): at 50,000 bookmarks it took twice and more linkding's file.
 *
 * - **An integer owner.** Each user gets a number (`owner`, made by a trigger when the user is
 *   made), and a bookmark names its owner by it instead of by better-auth's 32-character text id,
 *   which the table and four indexes repeated on every row. Numbers are never reused
 *   (AUTOINCREMENT, an identity column), so a number always means one account.
 * - **No copy of the address's search words (SQLite).** The words of the address, domain and
 *   category went into the search index and also stayed in the row (`search_rest`); the index's
 *   triggers now make them as the row is written, with the app's own function
 *   (`search_index_words`, registered on every SQLite connection by `openDatabase`). The title's
 *   words stay in the row: a search ranks up to 1,000 matches by them without remaking them.
 *   Postgres keeps both columns: its stored search vector is made from them.
 * - **A search index that leads with the owner (SQLite).** Each word is indexed with its owner's
 *   tag in front (`server/src/db/search-index-words.ts`) instead of beside a word naming the owner:
 *   a search reads its owner's words only, where it read every user's list of a common word and
 *   intersected it with the list of all the owner's bookmarks (two thirds of its time).
 * - **Indexes that answer the lists' whole order.** The list's order (newest first, then by id) and
 *   the export's (category, date, id) were sorted anew on every page when many rows share a date,
 *   as every row of an import without dates does: 140 ms a page at 100,000. The indexes now hold
 *   the whole order, read forwards by the export and backwards by the lists.
 *
 * Every row is kept, with its id and (on SQLite) its rowid, which the search index refers to.
 */
export function compactBookmarks({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await upSqlite(db);
      else await upPostgres(db);
      await convertKeptRows(db, dialect, 'up');
    },
    async down(db: Kysely<any>) {
      await convertKeptRows(db, dialect, 'down');
      if (dialect === 'sqlite') await downSqlite(db);
      else await downPostgres(db);
    },
  };
}

/** The rows an unfinished import set aside (import_undo) name their owner as the table does. */
async function convertKeptRows(db: Kysely<any>, dialect: MigrationContext['dialect'], way: 'up' | 'down') {
  const kept = await db.selectFrom('import_undo').select(['job_id', 'bookmark_id', 'row']).execute();
  for (const k of kept) {
    const row = JSON.parse(k.row) as Record<string, unknown>;
    if (way === 'up') {
      const { user_id: userId, search_rest: rest, ...rest_ } = row;
      const owner = await db
        .selectFrom('owner')
        .select('id')
        .where('user_id', '=', userId as string)
        .executeTakeFirst();
      Object.assign(rest_, { owner: owner?.id ?? null }, dialect === 'postgres' ? { search_rest: rest } : {});
      k.row = JSON.stringify(rest_);
    } else {
      const { owner: number, ...rest_ } = row;
      const owner = await db
        .selectFrom('owner')
        .select('user_id')
        .where('id', '=', number as number)
        .executeTakeFirst();
      k.row = JSON.stringify({ ...rest_, user_id: owner?.user_id ?? null });
    }
    await db
      .updateTable('import_undo')
      .set({ row: k.row })
      .where('job_id', '=', k.job_id)
      .where('bookmark_id', '=', k.bookmark_id)
      .execute();
  }
}

/**
 * The words of a row as the app made them when this migration was written (a frozen copy, as in
 * 20261122T0100_search), for the row's `search_rest` when the migration is undone.
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
 * Prefix lengths of the index: an owner's tag (six characters, `server/src/db/search-index-words.ts`)
 * and two or three letters. The tagged words themselves are made by the app's `search_index_words`,
 * which the triggers call on every later write too.
 */
const indexedPrefixes = '8 9';

/** The index before (a word naming each row's owner) and after (each word tagged with its owner). */
const previousSearchTable = `owner, search_title, search_rest, content='', contentless_delete=1, prefix='2 3', detail=column`;
const searchTable = `search_title, search_rest, content='', contentless_delete=1, prefix='${indexedPrefixes}', detail=column`;

/** The tokenizer the search index has (20261125T1100_search_index), read back from it. */
async function searchTokenize(db: Kysely<any>): Promise<string> {
  const { sql: ftsSql } = (
    await sql<{ sql: string }>`select sql from sqlite_schema where name = 'bookmark_fts'`.execute(db)
  ).rows[0]!;
  const tokenize = /tokenize\s*=\s*("(?:[^"]|"")*"|'(?:[^']|'')*')/i.exec(ftsSql)?.[1];
  return tokenize ? `, tokenize=${tokenize}` : '';
}

async function upSqlite(db: Kysely<any>) {
  await sql`create table owner (
    id integer primary key autoincrement,
    user_id text not null unique references user(id) on delete cascade
  )`.execute(db);
  await sql`insert into owner (user_id) select id from user order by createdAt, id`.execute(db);
  await sql`create trigger user_owner after insert on user begin
    insert into owner (user_id) values (new.id);
  end`.execute(db);

  for (const t of ['bookmark_fts_insert', 'bookmark_fts_delete', 'bookmark_fts_update'])
    await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  const tokenize = await searchTokenize(db);

  await sql`create table bookmark_next (
    id text primary key not null,
    owner integer not null references owner(id) on delete cascade,
    title text not null,
    link text not null,
    link_key text not null,
    domain text not null,
    category text not null,
    favourite integer not null default 0,
    rss_feed text,
    promotor text,
    created_at text not null,
    updated_at text not null,
    search_title text not null default '',
    import_id text
  )`.execute(db);
  await sql`insert into bookmark_next (rowid, id, owner, title, link, link_key, domain, category, favourite,
      rss_feed, promotor, created_at, updated_at, search_title, import_id)
    select b.rowid, b.id, o.id, b.title, b.link, b.link_key, b.domain, b.category, b.favourite,
      b.rss_feed, b.promotor, b.created_at, b.updated_at, b.search_title, b.import_id
    from bookmark b join owner o on o.user_id = b.user_id
    order by b.rowid`.execute(db);
  await sql`drop table bookmark`.execute(db);
  await sql`alter table bookmark_next rename to bookmark`.execute(db);
  await createIndexes(db);

  // The owner's word in the index is now its number: the index is filled again from the rows.
  await sql`drop table bookmark_fts`.execute(db);
  await sql`create virtual table bookmark_fts using fts5(${sql.raw(searchTable + tokenize)})`.execute(db);
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

async function upPostgres(db: Kysely<any>) {
  await sql`create table owner (
    id integer generated always as identity primary key,
    user_id text not null unique references "user"(id) on delete cascade
  )`.execute(db);
  await sql`insert into owner (user_id) select id from "user" order by "createdAt", id`.execute(db);
  await sql`create function user_owner() returns trigger language plpgsql as $$
    begin
      insert into owner (user_id) values (new.id);
      return new;
    end $$`.execute(db);
  await sql`create trigger user_owner after insert on "user" for each row execute function user_owner()`.execute(db);

  await sql`alter table bookmark add column owner integer`.execute(db);
  await sql`update bookmark b set owner = o.id from owner o where o.user_id = b.user_id`.execute(db);
  await sql`alter table bookmark alter column owner set not null`.execute(db);
  await sql`alter table bookmark add constraint bookmark_owner_fk foreign key (owner) references owner(id) on delete cascade`.execute(
    db,
  );
  const scoped = (
    await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'btree_gin'`.execute(db)
  ).rows[0]!.n;
  // Dropping the column drops every index that names it: the search index is made again on the owner.
  await sql`alter table bookmark drop column user_id`.execute(db);
  await sql`drop index if exists bookmark_user_created`.execute(db);
  await sql`drop index if exists bookmark_user_category`.execute(db);
  await sql`drop index if exists bookmark_domain_user`.execute(db);
  await sql`drop index if exists bookmark_search`.execute(db);
  await createIndexes(db);
  if (scoped) await sql`create index bookmark_search on bookmark using gin (owner, search_vector)`.execute(db);
  else await sql`create index bookmark_search on bookmark using gin (search_vector)`.execute(db);
}

async function createIndexes(db: Kysely<any>) {
  await db.schema
    .createIndex('bookmark_owner_link_key')
    .unique()
    .on('bookmark')
    .columns(['owner', 'link_key'])
    .execute();
  await db.schema.createIndex('bookmark_owner_created').on('bookmark').columns(['owner', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('bookmark_owner_category')
    .on('bookmark')
    .columns(['owner', 'category', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('bookmark_domain_owner').on('bookmark').columns(['domain', 'owner']).execute();
}

async function downSqlite(db: Kysely<any>) {
  for (const t of ['bookmark_fts_insert', 'bookmark_fts_delete', 'bookmark_fts_update', 'user_owner'])
    await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  const tokenize = await searchTokenize(db);
  await sql`create table bookmark_prev (
    id text primary key not null,
    user_id text not null references user(id) on delete cascade,
    title text not null,
    link text not null,
    link_key text not null,
    domain text not null,
    category text not null,
    favourite integer not null default 0,
    rss_feed text,
    promotor text,
    created_at text not null,
    updated_at text not null,
    search_title text not null default '',
    search_rest text not null default '',
    import_id text
  )`.execute(db);
  await sql`insert into bookmark_prev (rowid, id, user_id, title, link, link_key, domain, category, favourite,
      rss_feed, promotor, created_at, updated_at, search_title, search_rest, import_id)
    select b.rowid, b.id, o.user_id, b.title, b.link, b.link_key, b.domain, b.category, b.favourite,
      b.rss_feed, b.promotor, b.created_at, b.updated_at, b.search_title, '', b.import_id
    from bookmark b join owner o on o.id = b.owner
    order by b.rowid`.execute(db);
  await sql`drop table bookmark`.execute(db);
  await sql`alter table bookmark_prev rename to bookmark`.execute(db);
  await createPreviousIndexes(db);
  // The row's words of the address again, as the app makes them, a page at a time.
  for (let after = 0; ;) {
    const page = (
      await sql<{ rowid: number; link: string; domain: string; category: string }>`select rowid, link, domain,
        category from bookmark where rowid > ${after} order by rowid limit 1000`.execute(db)
    ).rows;
    for (const r of page)
      await sql`update bookmark set search_rest = ${searchText(r.link, r.domain, r.category)}
        where rowid = ${r.rowid}`.execute(db);
    if (page.length < 1000) break;
    after = page.at(-1)!.rowid;
  }
  await sql`drop table bookmark_fts`.execute(db);
  await sql`create virtual table bookmark_fts using fts5(${sql.raw(previousSearchTable + tokenize)})`.execute(db);
  await sql`insert into bookmark_fts (rowid, owner, search_title, search_rest)
    select rowid, 'o' || lower(hex(user_id)), search_title, search_rest from bookmark`.execute(db);
  await sql`create trigger bookmark_fts_insert after insert on bookmark begin
    insert into bookmark_fts (rowid, owner, search_title, search_rest)
    values (new.rowid, 'o' || lower(hex(new.user_id)), new.search_title, new.search_rest);
  end`.execute(db);
  await sql`create trigger bookmark_fts_delete after delete on bookmark begin
    delete from bookmark_fts where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger bookmark_fts_update after update of search_title, search_rest, user_id on bookmark begin
    delete from bookmark_fts where rowid = old.rowid;
    insert into bookmark_fts (rowid, owner, search_title, search_rest)
    values (new.rowid, 'o' || lower(hex(new.user_id)), new.search_title, new.search_rest);
  end`.execute(db);
  await sql`drop table owner`.execute(db);
}

async function downPostgres(db: Kysely<any>) {
  await sql`alter table bookmark add column user_id text`.execute(db);
  await sql`update bookmark b set user_id = o.user_id from owner o where o.id = b.owner`.execute(db);
  await sql`alter table bookmark alter column user_id set not null`.execute(db);
  await sql`alter table bookmark add constraint bookmark_user_id_fkey foreign key (user_id) references "user"(id) on delete cascade`.execute(
    db,
  );
  const scoped = (
    await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'btree_gin'`.execute(db)
  ).rows[0]!.n;
  // Dropping the column drops its indexes, the search index among them.
  await sql`alter table bookmark drop column owner`.execute(db);
  await sql`drop index if exists bookmark_search`.execute(db);
  await createPreviousIndexes(db);
  if (scoped) await sql`create index bookmark_search on bookmark using gin (user_id, search_vector)`.execute(db);
  else await sql`create index bookmark_search on bookmark using gin (search_vector)`.execute(db);
  await sql`drop trigger user_owner on "user"`.execute(db);
  await sql`drop function user_owner()`.execute(db);
  await sql`drop table owner`.execute(db);
}

async function createPreviousIndexes(db: Kysely<any>) {
  await db.schema
    .createIndex('bookmark_user_link_key')
    .unique()
    .on('bookmark')
    .columns(['user_id', 'link_key'])
    .execute();
  await db.schema.createIndex('bookmark_user_created').on('bookmark').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('bookmark_user_category').on('bookmark').columns(['user_id', 'category']).execute();
  await db.schema.createIndex('bookmark_domain_user').on('bookmark').columns(['domain', 'user_id']).execute();
}
