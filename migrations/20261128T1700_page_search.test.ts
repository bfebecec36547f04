import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/src/db/index.js';
import { bookmarkRepository } from '../server/src/features/bookmarks/repository.js';
import { testDialects } from '../server/src/testing/databases.js';
import { buildMigrations } from './index.js';
import { emptyDatabase } from '../server/src/testing/migration-database.js';

const previous = '20261128T1200_copies';
const at = '2026-11-28T10:00:00.000Z';

// Issue 30: copies kept before search looked inside pages are searched from the migration on.
describe.each(testDialects)('migration 20261128T1700_page_search on %s', (dialect) => {
  let database: Db;
  let close: () => Promise<unknown>;
  let migrator: Migrator;
  let old: Kysely<any>;
  const user = 'u-reader';
  const ids = async (q: string, scope?: 'title') =>
    (await bookmarkRepository(database.db, dialect).list(user, { q, in: scope, limit: 50, offset: 0 })).rows.map(
      (r) => r.id,
    );

  beforeAll(async () => {
    ({ database, close } = await emptyDatabase(dialect));
    migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => buildMigrations(dialect) } });
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    old = database.db as unknown as Kysely<any>;
    await old
      .insertInto('user')
      .values({
        id: user,
        name: user,
        email: 'reader@example.com',
        emailVerified: dialect === 'postgres' ? true : 1,
        image: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    const repo = bookmarkRepository(database.db, dialect);
    for (const [id, title] of [
      ['b-1', 'Kept with a copy'],
      ['b-2', 'Kept without one'],
    ] as const)
      await repo.insert(user, {
        id,
        title,
        link: `https://example.com/${id}`,
        link_key: `https://example.com/${id}`,
        domain: 'example.com',
        category: 'Reading',
        favourite: 0,
        rss_feed: null,
        promotor: null,
        created_at: at,
        updated_at: at,
      });
    await old
      .insertInto('bookmark_copy')
      .values({
        bookmark_id: 'b-1',
        title: 'Ä page',
        byline: null,
        site_name: null,
        excerpt: null,
        lang: 'en',
        word_count: 6,
        lead_image: null,
        text: 'The kestrel hovers over Müller’s field.',
        html: '<p>The kestrel hovers over Müller’s field.</p>',
        fetched_at: at,
      })
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
  afterAll(() => close?.());

  it('searches the copies kept before it, as the app writes page words', async () => {
    expect(await ids('kestrel')).toEqual(['b-1']);
    expect(await ids('muller field')).toEqual(['b-1']);
    expect(await ids('kestrel', 'title')).toEqual([]);
    expect((await ids('kept')).sort()).toEqual(['b-1', 'b-2']);
  });

  it('undone, leaves the index as it was; done again, searches the pages too', async () => {
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    if (dialect === 'sqlite') {
      const schema = (await sql<{ name: string; sql: string }>`select name, sql from sqlite_schema`.execute(old)).rows;
      expect(schema.find((r) => r.name === 'bookmark_fts')!.sql).not.toContain('search_page');
      expect(schema.filter((r) => r.name.startsWith('bookmark_copy_fts'))).toEqual([]);
    } else {
      const columns = (await old.introspection.getTables()).find((t) => t.name === 'bookmark')!.columns;
      expect(columns.map((c) => c.name)).not.toContain('page_vector');
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await ids('kestrel')).toEqual(['b-1']);
    expect((await ids('kept')).sort()).toEqual(['b-1', 'b-2']);
  });
});
