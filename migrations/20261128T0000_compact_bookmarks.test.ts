import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseLink, searchText } from '@linkhive/shared/domain';
import type { Db } from '../server/src/db/index.js';
import { bookmarkRepository } from '../server/src/features/bookmarks/repository.js';
import { testDialects } from '../server/src/testing/databases.js';
import { buildMigrations } from './index.js';
import { emptyDatabase } from '../server/src/testing/migration-database.js';

const previous = '20261127T0100_import_in_slices';
const at = '2026-11-27T10:00:00.000Z';

// Issue 27: bookmarks name their owner by a number and SQLite's rows keep no copy of the address's
// search words; every row, id, search answer and set-aside import row must come through.
describe.each(testDialects)('migration 20261128T0000_compact_bookmarks on %s', (dialect) => {
  let database: Db;
  let close: () => Promise<unknown>;
  let migrator: Migrator;
  let old: Kysely<any>;
  const users = ['u-ann', 'u-bob'];
  const rowsOf = (user: string) =>
    Array.from({ length: 30 }, (_, i) => {
      const link = `https://site${i % 4}.example.com/${user}/${i}`;
      const title = i % 2 ? `Pasta recipe ${i}` : `Garden notes ${i}`;
      const domain = new URL(link).hostname;
      return {
        id: `${user}-${i}`,
        user_id: user,
        title,
        link,
        link_key: link,
        domain,
        category: i % 3 ? 'Reading' : 'Cooking',
        favourite: i % 5 === 0 ? 1 : 0,
        rss_feed: i === 7 ? 'https://site3.example.com/feed.xml' : null,
        promotor: null,
        created_at: new Date(Date.parse(at) + i * 1000).toISOString(),
        updated_at: at,
        search_title: searchText(title),
        search_rest: searchText(link, domain, i % 3 ? 'Reading' : 'Cooking'),
        import_id: i < 3 ? 'job-1' : null,
      };
    });

  beforeAll(async () => {
    ({ database, close } = await emptyDatabase(dialect));
    migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => buildMigrations(dialect) } });
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    old = database.db as unknown as Kysely<any>;
    for (const id of users)
      await old
        .insertInto('user')
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: dialect === 'postgres' ? true : 1,
          image: null,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    for (const id of users) await old.insertInto('bookmark').values(rowsOf(id)).execute();
    // An overwriting import under way: one of Bob's rows set aside, as the table then stored it.
    const setAside = { ...rowsOf('u-bob')[29]!, id: 'u-bob-kept', link: 'https://kept.example.com/', link_key: 'k' };
    await old
      .insertInto('import_job')
      .values({
        id: 'job-1',
        user_id: 'u-bob',
        status: 'running',
        phase: 'saving',
        total: 0,
        processed: 0,
        result: null,
        error: null,
        locked_until: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await old
      .insertInto('import_undo')
      .values({ job_id: 'job-1', bookmark_id: 'u-bob-kept', row: JSON.stringify(setAside) })
      .execute();
    const result = await migrator.migrateToLatest();
    expect(result.error).toBeUndefined();
  });
  afterAll(() => close?.());

  const stored = async () =>
    (
      await old
        .selectFrom('bookmark as b')
        .innerJoin('owner as o', 'o.id', 'b.owner')
        .select([
          'b.id',
          'o.user_id',
          'b.title',
          'b.link',
          'b.link_key',
          'b.domain',
          'b.category',
          'b.favourite',
          'b.rss_feed',
          'b.promotor',
          'b.created_at',
          'b.updated_at',
          'b.search_title',
          'b.import_id',
        ])
        .orderBy('b.id')
        .execute()
    ).map((r) => ({ ...r, favourite: Number(r.favourite) }));

  it('keeps every row, its id and columns, under its owner’s number', async () => {
    const expected = users
      .flatMap(rowsOf)
      // A later migration (20261129T1400_link_keys) gives each row the duplicate rule's key.
      .map(({ search_rest: _rest, ...r }) => ({ ...r, link_key: normaliseLink(r.link) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await stored()).toEqual(expected);
    const owners = await old.selectFrom('owner').select(['id', 'user_id']).orderBy('id').execute();
    expect(owners.map((o) => o.user_id)).toEqual(users);
    const names = await old.introspection.getTables();
    const bookmark = names.find((t) => t.name === 'bookmark')!.columns.map((c) => c.name);
    expect(bookmark).toContain('owner');
    expect(bookmark).not.toContain('user_id');
    // SQLite's index makes the address's words itself; Postgres's search vector still reads them.
    expect(bookmark.includes('search_rest')).toBe(dialect === 'postgres');
  });

  it('answers each owner’s searches with their own rows only, by title, address and category', async () => {
    const repo = bookmarkRepository(database.db, dialect);
    const ids = async (user: string, q: string) =>
      (await repo.list(user, { q, limit: 100, offset: 0 })).rows.map((r) => r.id).sort();
    const ann = rowsOf('u-ann');
    expect(await ids('u-ann', 'pasta')).toEqual(
      ann
        .filter((r) => r.title.startsWith('Pasta'))
        .map((r) => r.id)
        .sort(),
    );
    expect(await ids('u-ann', 'site2')).toEqual(
      ann
        .filter((r) => r.domain.startsWith('site2'))
        .map((r) => r.id)
        .sort(),
    );
    expect(await ids('u-ann', 'cooking')).toEqual(
      ann
        .filter((r) => r.category === 'Cooking')
        .map((r) => r.id)
        .sort(),
    );
    expect(await ids('u-bob', 'u ann')).toEqual([]);
  });

  it('rewrites the set-aside rows of an import under way to name the owner’s number', async () => {
    const kept = await old.selectFrom('import_undo').select('row').executeTakeFirstOrThrow();
    const row = JSON.parse(kept.row) as Record<string, unknown>;
    const bob = await old.selectFrom('owner').select('id').where('user_id', '=', 'u-bob').executeTakeFirstOrThrow();
    expect(row.owner).toBe(bob.id);
    expect(row.user_id).toBeUndefined();
    expect('search_rest' in row).toBe(dialect === 'postgres');
  });

  it('numbers a new user, keeps the search index current on saves and edits, and deletes with the user', async () => {
    await old
      .insertInto('user')
      .values({
        id: 'u-cat',
        name: 'Cat',
        email: 'cat@example.com',
        emailVerified: dialect === 'postgres' ? true : 1,
        image: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    const repo = bookmarkRepository(database.db, dialect);
    const row = {
      id: 'cat-1',
      title: 'Kyoto rooms',
      link: 'https://tea.example.jp/',
      link_key: 'https://tea.example.jp',
      domain: 'tea.example.jp',
      category: 'Travel',
      favourite: 0,
      rss_feed: null,
      promotor: null,
      created_at: at,
      updated_at: at,
    };
    await repo.insert('u-cat', row);
    const found = async (q: string) => (await repo.list('u-cat', { q, limit: 10, offset: 0 })).rows.map((r) => r.id);
    expect(await found('tea example jp')).toEqual(['cat-1']);
    expect(await found('kyoto')).toEqual(['cat-1']);
    await repo.update('u-cat', 'cat-1', {
      link: 'https://matcha.example.jp/',
      domain: 'matcha.example.jp',
      ...repo.searchWords({ ...row, link: 'https://matcha.example.jp/', domain: 'matcha.example.jp' }),
    });
    expect(await found('matcha')).toEqual(['cat-1']);
    expect(await found('tea')).toEqual([]);
    await old.deleteFrom('user').where('id', '=', 'u-cat').execute();
    expect(await old.selectFrom('bookmark').select('id').where('id', '=', 'cat-1').execute()).toEqual([]);
  });

  it('goes back down with every row, and up again', async () => {
    const before = await stored();
    const down = await migrator.migrateTo(previous);
    expect(down.error).toBeUndefined();
    const back = await old.selectFrom('bookmark').select(['id', 'user_id']).orderBy('id').execute();
    expect(back).toEqual(before.map((r) => ({ id: r.id, user_id: r.user_id })));
    const kept = await old.selectFrom('import_undo').select('row').executeTakeFirstOrThrow();
    expect((JSON.parse(kept.row) as { user_id: string }).user_id).toBe('u-bob');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await stored()).toEqual(before);
  });
});
