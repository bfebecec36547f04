import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/src/db/index.js';
import { crawlRepository } from '../server/src/features/copies/crawl-repository.js';
import { testDialects } from '../server/src/testing/databases.js';
import { emptyDatabase } from '../server/src/testing/migration-database.js';
import { buildMigrations } from './index.js';

const previous = '20261129T0900_group_link_pages';
const at = '2026-11-29T12:00:00.000Z';

// Issue 30: the pages read before keep their state; from the migration on, a page whose site
// failed waits (`later`, due at `read_at`) and is woken when its wait is over.
describe.each(testDialects)('migration 20261129T1200_page_retries on %s', (dialect) => {
  let database: Db;
  let close: () => Promise<unknown>;
  let migrator: Migrator;
  let old: Kysely<any>;
  const owner = 'u-owner';
  const columnsOf = async (table: string) =>
    (await old.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
  const links = () => old.selectFrom('group_link').select(['id', 'read_state', 'read_at']).orderBy('id').execute();

  beforeAll(async () => {
    ({ database, close } = await emptyDatabase(dialect));
    migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => buildMigrations(dialect) } });
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    old = database.db as unknown as Kysely<any>;
    await old
      .insertInto('user')
      .values({
        id: owner,
        name: owner,
        email: 'owner@example.com',
        emailVerified: dialect === 'postgres' ? true : 1,
        image: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await old
      .insertInto('workspace_group')
      .values({ id: 'g-1', owner_id: owner, name: 'g-1', name_key: 'g-1', created_at: at, updated_at: at })
      .execute();
    for (const [id, state] of [
      ['l-1', 'read'],
      ['l-2', 'none'],
      ['l-3', null],
    ])
      await old
        .insertInto('group_link')
        .values({
          id,
          group_id: 'g-1',
          link: `https://example.com/${id}`,
          link_key: `https://example.com/${id}`,
          domain: 'example.com',
          title: `Kept ${id}`,
          category: 'Reading',
          rss_feed: null,
          added_by: owner,
          created_at: at,
          updated_at: at,
          read_state: state,
          read_at: state && at,
        })
        .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
  afterAll(() => close?.());

  const before = [
    { id: 'l-1', read_state: 'read', read_at: at },
    { id: 'l-2', read_state: 'none', read_at: at },
    { id: 'l-3', read_state: null, read_at: null },
  ];

  it('keeps every page’s state; a page put off is woken once it is due, not before', async () => {
    expect(await links()).toEqual(before);
    expect(await columnsOf('bookmark')).toContain('read_failures');
    const crawl = crawlRepository(database.db, dialect);
    const page = await crawl.claimNextGroupLink('g-1', new Date(at));
    expect(page).toEqual({
      id: 'l-3',
      link: 'https://example.com/l-3',
      domain: 'example.com',
      group: 'g-1',
      failures: null,
    });
    const due = new Date('2026-11-29T13:00:00.000Z');
    await crawl.finishGroupLink('l-3', page!.link, { state: 'later', failures: 1, due }, new Date(at));
    expect(await crawl.wakeWaitingGroupLinks(new Date(due.getTime() - 1))).toBe(0);
    expect(await crawl.wakeWaitingGroupLinks(due)).toBe(1);
    expect(await crawl.claimNextGroupLink('g-1', due)).toMatchObject({ id: 'l-3', failures: 1 });
  });

  it('undone, drops the count and keeps every row', async () => {
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect(await columnsOf('bookmark')).not.toContain('read_failures');
    expect(await columnsOf('group_link')).not.toContain('read_failures');
    expect((await links()).map((l) => l.id)).toEqual(['l-1', 'l-2', 'l-3']);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await columnsOf('group_link')).toContain('read_failures');
  });
});
