import fs from 'node:fs';
import { ownerOf } from '../bookmarks/repository.js';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects, type TestDialect } from '../../testing/databases.js';
import { fixturesDir } from '../../testing/fixture-server.js';
import { postImportFile, waitForImport } from '../../testing/imports.js';
import { storedColumns } from '../bookmarks/bulk-repository.js';

const file = (name: string) => fs.readFileSync(path.join(fixturesDir, 'bookmarks', name));

/** Another connection that takes the import's tables for itself, as a long write of someone else's would. */
async function holdTheImportTables(t: TestServer, dialect: TestDialect): Promise<() => Promise<void>> {
  if (dialect === 'sqlite') {
    const other = new SQLite(path.join(t.dataDir, 'linkhive.db'));
    other.exec('begin immediate');
    return async () => {
      other.exec('commit');
      other.close();
    };
  }
  const client = new pg.Client({ connectionString: t.databaseUrl! });
  await client.connect();
  await client.query('begin');
  await client.query('lock table import_job, bookmark in exclusive mode');
  return async () => {
    await client.query('commit');
    await client.end();
  };
}

describe.each(testDialects)('imports beside other requests on %s', (dialect) => {
  let t: TestServer;
  let a: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = t.agent();
    await a.seedAccount(`beside-${dialect}@example.com`);
    await a.post('/api/bookmarks', { link: 'https://mine.example.com/', title: 'Mine', category: 'Own' });
  });
  afterAll(() => t?.close());

  it('keeps answering everyone while an import waits for the database', async () => {
    const release = await holdTheImportTables(t, dialect);
    let settled = false;
    const upload = postImportFile(a, file('chrome-export-nested-icons.html'), 'b.html').finally(() => (settled = true));
    try {
      expect((await a.get('/api/health')).status).toBe(200);
      const list = await a.get('/api/bookmarks');
      expect(list.status).toBe(200);
      expect(list.body.items.map((b: { title: string }) => b.title)).toEqual(['Mine']);
      // The import is still held up: the answers above did not wait for it, nor it for them.
      expect(settled).toBe(false);
    } finally {
      await release();
    }
    const res = await upload;
    expect(res.status).toBe(202);
    expect((await waitForImport(a, res.body.jobId)).result).toMatchObject({ imported: 18 });
  });

  it('stops its worker thread once idle, and the next import starts another (issue 27)', async () => {
    const b = t.agent();
    await b.seedAccount(`idle-${dialect}@example.com`);
    const first = await postImportFile(b, file('chrome-export-nested-icons.html'), 'first.html');
    expect((await waitForImport(b, first.body.jobId)).result).toMatchObject({ imported: 18 });
    // Its memory goes with it: nothing of the import stays resident.
    await expect.poll(() => t.server.importWorker.threadRunning(), { timeout: 20_000 }).toBe(false);

    const again = await postImportFile(b, file('chrome-export-nested-icons.html'), 'again.html', { overwrite: 'true' });
    expect(again.status).toBe(202);
    expect((await waitForImport(b, again.body.jobId)).result).toMatchObject({ overwritten: 18 });
    expect((await b.get('/api/bookmarks?pageSize=1')).body.total).toBe(18);
  });

  it('ends an import that a crash left running, and takes out what it had saved', async () => {
    const db = t.server.database.db;
    const me = (await a.get('/api/auth/me')).body.user.id as string;
    const before = (await a.get('/api/bookmarks?pageSize=100')).body.items;
    const at = new Date(Date.now() - 120_000).toISOString();
    await db
      .insertInto('import_job')
      .values({
        id: 'crashed-job',
        user_id: me,
        status: 'running',
        phase: 'saving',
        total: 3,
        processed: 2,
        result: null,
        error: null,
        // The lease its worker stopped renewing when the process died.
        locked_until: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // Its first slice had landed: one new bookmark, and one that replaced the user's own (overwrite).
    const mine = await db
      .selectFrom('bookmark')
      .select(storedColumns(dialect))
      .where('owner', '=', ownerOf(me))
      .where('link', '=', 'https://mine.example.com/')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('import_undo')
      .values({ job_id: 'crashed-job', bookmark_id: mine.id, row: JSON.stringify(mine) })
      .execute();
    await db.deleteFrom('bookmark').where('id', '=', mine.id).execute();
    const half = (id: string, link: string, title: string) => ({
      id,
      owner: ownerOf(me),
      title,
      link,
      link_key: link.replace(/\/$/, ''),
      domain: new URL(link).hostname,
      category: 'Imported',
      favourite: 0,
      rss_feed: null,
      promotor: null,
      search_title: title.toLowerCase(),
      created_at: at,
      updated_at: at,
      import_id: 'crashed-job',
    });
    await db
      .insertInto('bookmark')
      .values([
        half('half-1', 'https://half.example.com/', 'Half way'),
        half('half-2', 'https://mine.example.com/', 'Replacement'),
      ])
      .execute();

    t = await t.restart();
    const after = t.agent();
    await after.post('/api/auth/login', { email: `beside-${dialect}@example.com`, password: 'Passw0rd!' });
    expect((await after.get('/api/import/crashed-job')).body).toMatchObject({
      status: 'failed',
      result: null,
      error: { code: 'import_interrupted', message: m.interrupted },
    });
    expect(await t.server.database.db.selectFrom('import_undo').select('bookmark_id').execute()).toEqual([]);
    // The library is as it was: the new row gone, the replaced one back as it was, same id.
    expect((await after.get('/api/bookmarks?pageSize=100')).body.items).toEqual(before);
    a = after;
  });
});
