import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/src/db/index.js';
import { bookmarkRepository } from '../server/src/features/bookmarks/repository.js';
import { testDialects } from '../server/src/testing/databases.js';
import { emptyDatabase } from '../server/src/testing/migration-database.js';
import { buildMigrations } from './index.js';

const previous = '20261129T1200_page_retries';
const at = (minute: number) => `2026-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** The key as it was before the migration (scheme kept, no trailing slash), as the rows held it. */
const earlierKey = (link: string) => link.replace(/\/$/, '');

// Issue 31: every saved row's key becomes the duplicate rule's key of its address; the addresses
// are untouched, and a page an owner saved twice keeps one key for the first, the earlier key for
// the others (the unique index holds throughout).
describe.each(testDialects)('migration 20261129T1400_link_keys on %s', (dialect) => {
  let database: Db;
  let close: () => Promise<unknown>;
  let migrator: Migrator;
  let old: Kysely<any>;
  const keys = async (table: 'bookmark' | 'group_link') =>
    Object.fromEntries(
      (await old.selectFrom(table).select(['id', 'link', 'link_key']).execute()).map((r) => [
        r.id,
        { link: r.link, key: r.link_key },
      ]),
    );

  // Reader's library: a page saved twice (a tracking parameter, then bare), a Hacker News item,
  // and 2,500 rows that span three of the migration's batches, the last with a duplicate of the first.
  const library: [string, string, string][] = [
    ['r-1', 'https://www.example.com/post?utm_source=newsletter', at(1)],
    ['r-2', 'https://example.com/post/', at(2)],
    ['r-3', 'https://news.ycombinator.com/item?id=40000000', at(3)],
    ...Array.from({ length: 2500 }, (_, i): [string, string, string] => [
      `r-bulk-${String(i).padStart(4, '0')}`,
      i === 2499 ? 'http://bulk.example.com/0#comments' : `https://bulk.example.com/${i}`,
      at(10),
    ]),
  ];

  beforeAll(async () => {
    ({ database, close } = await emptyDatabase(dialect));
    migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => buildMigrations(dialect) } });
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    old = database.db as unknown as Kysely<any>;
    for (const user of ['u-reader', 'u-other'])
      await old
        .insertInto('user')
        .values({
          id: user,
          name: user,
          email: `${user}@example.com`,
          emailVerified: dialect === 'postgres' ? true : 1,
          image: null,
          createdAt: at(0),
          updatedAt: at(0),
        })
        .execute();
    const repo = bookmarkRepository(database.db, dialect);
    const save = (user: string, id: string, link: string, created: string) =>
      repo.insert(user, {
        id,
        title: `Title of ${id}`,
        link,
        link_key: earlierKey(link),
        domain: new URL(link).hostname,
        category: 'Reading',
        favourite: 0,
        rss_feed: null,
        promotor: null,
        created_at: created,
        updated_at: created,
      });
    for (const [id, link, created] of library) await save('u-reader', id, link, created);
    // Another user's bookmark of the same page takes the new key too: keys are per owner.
    await save('u-other', 'o-1', 'https://example.com/post', at(5));

    await old
      .insertInto('workspace_group')
      .values({ id: 'g-1', owner_id: 'u-reader', name: 'g-1', name_key: 'g-1', created_at: at(0), updated_at: at(0) })
      .execute();
    const groupLinks: [string, string, string][] = [
      ['l-1', 'https://blog.example.com/a#top', at(1)],
      ['l-2', 'https://blog.example.com/a', at(2)],
    ];
    for (const [id, link, created] of groupLinks)
      await old
        .insertInto('group_link')
        .values({
          id,
          group_id: 'g-1',
          link,
          link_key: earlierKey(link),
          domain: 'blog.example.com',
          title: `Title of ${id}`,
          category: 'Reading',
          rss_feed: null,
          added_by: 'u-reader',
          created_at: created,
          updated_at: created,
        })
        .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
  afterAll(() => close?.());

  it('gives every row the key of its address and never changes an address', async () => {
    const rows = await keys('bookmark');
    expect(Object.keys(rows)).toHaveLength(library.length + 1);
    for (const [id, link] of library) expect(rows[id]!.link).toBe(link);
    expect(rows['r-1']!.key).toBe('example.com/post');
    expect(rows['r-3']!.key).toBe('news.ycombinator.com/item?id=40000000');
    expect(rows['r-bulk-0000']!.key).toBe('bulk.example.com/0');
    expect(rows['r-bulk-2498']!.key).toBe('bulk.example.com/2498');
    expect(rows['o-1']!.key).toBe('example.com/post');
  });

  it('keeps the earlier key of a page saved again, the first one saved taking the new key', async () => {
    const rows = await keys('bookmark');
    // Saved second, found a batch (or two) later: both stay, the duplicate with its earlier key.
    expect(rows['r-2']!.key).toBe('https://example.com/post');
    expect(rows['r-bulk-2499']!.key).toBe('http://bulk.example.com/0#comments');
    const links = await keys('group_link');
    expect(links['l-1']!.key).toBe('blog.example.com/a');
    expect(links['l-2']!.key).toBe('https://blog.example.com/a');
  });

  it('finds a page by the new key as the duplicate rule asks', async () => {
    const repo = bookmarkRepository(database.db, dialect);
    expect(await repo.findByLinkKey('u-reader', 'example.com/post')).toMatchObject({ id: 'r-1' });
    expect(await repo.findByLinkKey('u-other', 'example.com/post')).toMatchObject({ id: 'o-1' });
  });

  it('gives the earlier keys back when undone', async () => {
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const rows = await keys('bookmark');
    for (const [id, link] of library) expect(rows[id]!.key).toBe(earlierKey(link));
    expect((await keys('group_link'))['l-1']!.key).toBe('https://blog.example.com/a#top');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await keys('bookmark'))['r-1']!.key).toBe('example.com/post');
  });
});
