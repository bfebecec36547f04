import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/src/db/index.js';
import { copyRepository } from '../server/src/features/copies/repository.js';
import { crawlRepository } from '../server/src/features/copies/crawl-repository.js';
import { groupRepository } from '../server/src/features/groups/repository.js';
import { testDialects } from '../server/src/testing/databases.js';
import { buildMigrations } from './index.js';
import { emptyDatabase } from '../server/src/testing/migration-database.js';

const previous = '20261128T2000_page_reads';
const at = '2026-11-29T08:00:00.000Z';

// Issue 30: links added to workspaces before their pages were read are read from the migration on,
// and their copies are searched with the group's links.
describe.each(testDialects)('migration 20261129T0900_group_link_pages on %s', (dialect) => {
  let database: Db;
  let close: () => Promise<unknown>;
  let migrator: Migrator;
  let old: Kysely<any>;
  const owner = 'u-owner';
  const found = async (q: string, scope?: 'title') =>
    (await groupRepository(database.db, dialect).links('g-1', { q, in: scope }, 25, 0)).map((l) => [
      l.id,
      l.snippet?.text ?? null,
    ]);
  const columnsOf = async (table: string) =>
    (await old.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];

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
    for (const id of ['g-1', 'g-2'])
      await old
        .insertInto('workspace_group')
        .values({ id, owner_id: owner, name: id, name_key: id, created_at: at, updated_at: at })
        .execute();
    for (const [id, groupId] of [
      ['l-1', 'g-1'],
      ['l-2', 'g-1'],
      ['l-3', 'g-2'],
    ])
      await old
        .insertInto('group_link')
        .values({
          id,
          group_id: groupId,
          link: `https://example.com/${id}`,
          link_key: `https://example.com/${id}`,
          domain: 'example.com',
          title: `Kept ${id}`,
          category: 'Reading',
          rss_feed: null,
          added_by: owner,
          created_at: at,
          updated_at: at,
        })
        .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
  afterAll(() => close?.());

  it('leaves the links added before it to be read, group by group, and searches their pages once read', async () => {
    const links = await old.selectFrom('group_link').select(['id', 'read_state', 'read_at']).orderBy('id').execute();
    expect(links).toEqual(['l-1', 'l-2', 'l-3'].map((id) => ({ id, read_state: null, read_at: null })));
    const crawl = crawlRepository(database.db, dialect);
    expect((await crawl.groupsWithPages(10)).map((g) => g.group)).toEqual(['g-1', 'g-2']);

    const page = await crawl.claimNextGroupLink('g-1', new Date(at));
    expect(page).toMatchObject({ group: 'g-1', link: expect.stringContaining('https://example.com/l-') });
    await copyRepository(database.db, dialect).saveGroupLink(
      page!.id,
      {
        title: 'A page',
        byline: null,
        site_name: null,
        excerpt: null,
        lang: 'en',
        word_count: 6,
        lead_image: null,
        text: 'The kestrel hovers over Müller’s field.',
        html: '<p>The kestrel hovers over Müller’s field.</p>',
        fetched_at: at,
      },
      page!.link,
    );
    await crawl.finishGroupLink(page!.id, page!.link, { state: 'read' }, new Date(at));
    const text = 'The kestrel hovers over Müller’s field.';
    expect(await found('kestrel')).toEqual([[page!.id, text]]);
    // Accents and case as search folds them, the last word as a prefix.
    expect(await found('muller fie')).toEqual([[page!.id, text]]);
    expect(await found('kestrel', 'title')).toEqual([]);
    // Found by their titles as before, with no passage; another group's link is not among them.
    expect((await found('kept')).sort()).toEqual([
      ['l-1', null],
      ['l-2', null],
    ]);
  });

  it('undone, leaves the links as they were; done again, reads and searches the pages anew', async () => {
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect(await columnsOf('group_link')).not.toContain('read_state');
    expect(await columnsOf('group_link_copy')).toEqual([]);
    if (dialect === 'sqlite') {
      const names = (await sql<{ name: string }>`select name from sqlite_schema`.execute(old)).rows.map((r) => r.name);
      expect(names.filter((n) => n.startsWith('group_link_fts') || n.startsWith('group_link_copy'))).toEqual([]);
    } else expect(await columnsOf('group_link')).not.toContain('page_vector');
    expect(await old.selectFrom('group_link').select('id').orderBy('id').execute()).toEqual([
      { id: 'l-1' },
      { id: 'l-2' },
      { id: 'l-3' },
    ]);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await crawlRepository(database.db, dialect).groupsWithPages(10)).map((g) => g.group)).toEqual([
      'g-1',
      'g-2',
    ]);
    expect(await found('kestrel')).toEqual([]);
    expect((await found('kept')).map(([id]) => id).sort()).toEqual(['l-1', 'l-2']);
  });
});
