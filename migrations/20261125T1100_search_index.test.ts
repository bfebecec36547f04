import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../server/src/db/index.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { bookmarkRepository, ownerOf } from '../server/src/features/bookmarks/repository.js';
import { searchText, searchTokens } from '@linkhive/shared/domain';
import { buildMigrations } from './index.js';
import { searchTokenizer } from './20261125T1100_search_index.js';

const previous = '20261125T1000_stored_files';

const library = [
  ['Kysely query builder', 'https://kysely.dev/docs/intro', 'Development'],
  ['Cooking pasta at home', 'https://food.example.com/pasta', 'Food'],
  ['Pasta shapes explained', 'https://www.wikipedia.org/wiki/Pasta', 'Reference'],
  ['Café guide', 'https://cafes.example.net/paris', 'Travel'],
  ['Новости технологий', 'https://news.example.ru/tech', 'News'],
  ['Λόγος ΚΑΙ ΑΣΑ', 'https://greek.example.org/', 'Reference'],
  // U+19B1, a vowel sign SQLite's tokenizer split words at before this migration.
  ['ᦂᦱᧃ market', 'https://tai.example.org/', 'Travel'],
] as const;

const queries = [
  'kysely',
  'KYSELY',
  'p',
  'pa',
  'pas',
  'pasta home',
  'pasta ho',
  'pas home',
  'cafe',
  'новост',
  'λογος',
  'ασ',
  'ᦂᦱᧃ',
  'ᦂᦱ',
  'example',
  'site1',
  'article',
  'article 1049',
  'zzz',
];

/** Every answer a user can see: the total, whether it is capped, and the rows of the first pages. */
async function answers(database: Db, userId: string) {
  const repo = bookmarkRepository(database.db, 'sqlite');
  const seen: Record<string, string> = {};
  for (const q of queries)
    for (const f of [{}, { category: 'Reading' }, { favourite: true }])
      for (const offset of [0, 25]) {
        const r = await repo.list(userId, { q, ...f, limit: 25, offset });
        seen[`${q} ${JSON.stringify(f)} ${offset}`] = `${r.total}${r.capped ? '+' : ''} ${r.rows.map((b) => b.id)}`;
      }
  return seen;
}

const ftsSql = async (database: Db) =>
  (await sql<{ sql: string }>`select sql from sqlite_schema where name = 'bookmark_fts'`.execute(database.db)).rows[0]!
    .sql;

describe('migration 20261125T1100_search_index on SQLite', () => {
  let dir: string;
  let database: Db;
  let migrator: Migrator;
  let before: Record<string, string>;
  let fresh: Db;
  const userId = 'u-searcher';

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-search-index-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir });
    migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => buildMigrations('sqlite') },
    });
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const at = '2026-11-25T10:00:00.000Z';
    for (const id of [userId, 'u-other'])
      await database.db
        .insertInto('user')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: 1,
          image: null,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    // Saved before the migration: a small library, and past the search cap so the capped path runs.
    const rows = [
      ...library.map(([title, link, category]) => ({ title, link, category })),
      ...Array.from({ length: 1100 }, (_, i) => ({
        title: `Article ${i}`,
        link: `https://site${i % 13}.example.com/a/${i}`,
        category: i % 3 ? 'Reading' : 'Archive',
      })),
    ];
    const row = (b: (typeof rows)[number], i: number) => ({
      ...b,
      link_key: b.link,
      domain: new URL(b.link).hostname,
      favourite: i % 5 === 0 ? 1 : 0,
      rss_feed: null,
      promotor: null,
      created_at: new Date(Date.parse(at) + (i % 400) * 1000).toISOString(),
      updated_at: at,
      search_title: searchText(b.title),
    });
    // The table as it was then (a user id and both columns of words on each row).
    const old = database.db as unknown as Kysely<any>;
    await old.transaction().execute(async (trx) => {
      for (const [i, b] of rows.entries())
        for (const owner of [userId, 'u-other'])
          await trx
            .insertInto('bookmark')
            .values({
              id: `${owner}-${i}`,
              user_id: owner,
              ...row(b, i),
              search_rest: searchText(b.link, new URL(b.link).hostname, b.category),
            })
            .execute();
    });
    // The same library saved into a database made by every migration: what the answers must be.
    fresh = await openDatabase({ databaseUrl: null, dataDir: path.join(dir, 'fresh') });
    await migrateToLatest(fresh);
    for (const id of [userId, 'u-other'])
      await fresh.db
        .insertInto('user')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: 1,
          image: null,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    await fresh.db.transaction().execute(async (trx) => {
      for (const [i, b] of rows.entries())
        for (const owner of [userId, 'u-other'])
          await trx
            .insertInto('bookmark')
            .values({ id: `${owner}-${i}`, owner: ownerOf(owner), ...row(b, i), import_id: null })
            .execute();
    });
    before = await answers(fresh, userId);
  });
  afterAll(async () => {
    await database?.destroy();
    await fresh?.destroy();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('gives the bookmarks saved before it the answers of bookmarks saved after, and drops word positions', async () => {
    expect(await ftsSql(database)).not.toContain('detail=column');
    expect(before['pas {} 0']).toMatch(/^2 /);
    expect(before['article {} 0']).toMatch(/^1000\+ /);
    const result = await migrator.migrateToLatest();
    expect(result.error).toBeUndefined();
    expect(result.results?.map((r) => r.migrationName)).toContain('20261125T1100_search_index');
    expect(await ftsSql(database)).toContain('detail=column');
    expect(await answers(database, userId)).toEqual(before);
  });

  it('follows saves, edits and deletions after it', async () => {
    const repo = bookmarkRepository(database.db, 'sqlite');
    const titles = async (q: string) => (await repo.list(userId, { q, limit: 25, offset: 0 })).rows.map((b) => b.title);
    const b = { title: 'Tea rooms of Kyoto', link: 'https://tea.example.jp/', category: 'Travel' };
    await database.db
      .insertInto('bookmark')
      .values({
        id: 'new-1',
        owner: ownerOf(userId),
        ...b,
        link_key: b.link,
        domain: 'tea.example.jp',
        favourite: 0,
        rss_feed: null,
        promotor: null,
        created_at: '2026-11-26T00:00:00.000Z',
        updated_at: '2026-11-26T00:00:00.000Z',
        search_title: searchText(b.title),
      })
      .execute();
    expect(await titles('kyo')).toEqual(['Tea rooms of Kyoto']);
    const renamed = { ...b, title: 'Tea houses of Kyoto' };
    await repo.update(userId, 'new-1', {
      title: renamed.title,
      ...repo.searchWords({ ...renamed, domain: 'tea.example.jp' }),
    });
    expect(await titles('tea ho')).toEqual(['Tea houses of Kyoto']);
    expect(await titles('tea rooms')).toEqual([]);
    await repo.remove(userId, ['new-1']);
    expect(await titles('kyoto')).toEqual([]);
  });

  it('reads a word with a New Tai Lue vowel sign as one word, as the app splits it', async () => {
    const repo = bookmarkRepository(database.db, 'sqlite');
    const titles = async (q: string) => (await repo.list(userId, { q, limit: 25, offset: 0 })).rows.map((b) => b.title);
    expect(await titles('ᦂᦱᧃ')).toEqual(['ᦂᦱᧃ market']);
    expect(await titles('ᦂᦱ')).toEqual(['ᦂᦱᧃ market']);
    // Before, the index held the pieces around the sign as two words.
    expect(await titles('ᦂ ᧃ')).toEqual([]);
  });

  it('makes one word of the index of every word the app makes, for each letter and digit', async () => {
    // Without positions a query term split in two would be a phrase, which the index cannot answer.
    await sql`create virtual table temp.tokens using fts5(a, tokenize=${sql.lit(searchTokenizer)})`.execute(
      database.db,
    );
    await sql`create virtual table temp.token_words using fts5vocab(temp, tokens, instance)`.execute(database.db);
    const words: { cp: number; word: string }[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const tokens = searchTokens(`x${String.fromCodePoint(cp)}x`);
      if (tokens.length === 1) words.push({ cp, word: tokens[0]! });
    }
    expect(words.length).toBeGreaterThan(100_000);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < words.length; i += 500)
        await sql`insert into temp.tokens(rowid, a) values ${sql.join(
          words.slice(i, i + 500).map((w) => sql`(${w.cp}, ${w.word})`),
        )}`.execute(trx);
    });
    const split = await sql<{
      doc: number;
    }>`select doc from temp.token_words group by doc having count(*) != 1`.execute(database.db);
    expect(split.rows.map((r) => r.doc.toString(16))).toEqual([]);
    await sql`drop table temp.token_words`.execute(database.db);
    await sql`drop table temp.tokens`.execute(database.db);
  });

  it('goes back down to the previous index, and up again with the same answers', async () => {
    const down = await migrator.migrateTo(previous);
    expect(down.error).toBeUndefined();
    expect(await ftsSql(database)).not.toContain('detail=column');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await ftsSql(database)).toContain('detail=column');
    expect(await answers(database, userId)).toEqual(before);
  });
});
