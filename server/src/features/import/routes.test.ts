import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects, type TestDialect } from '../../testing/databases.js';
import { fixturesDir } from '../../testing/fixture-server.js';
import { importFile, postImportFile, waitForImport } from '../../testing/imports.js';
import { generateLinks, netscapeFile } from '../../testing/netscape-file.js';

const file = (name: string) => fs.readFileSync(path.join(fixturesDir, 'bookmarks', name));
const total = async (a: Agent) => (await a.get('/api/bookmarks?pageSize=1')).body.total as number;

/** A real failure inside the commit: the database refuses one address, as a full disk or a broken row would. */
async function refuseLinksTo(t: TestServer, dialect: TestDialect, host: string) {
  const db = t.server.database.db;
  if (dialect === 'sqlite') {
    // A row put back by the undo of a failed import (still in import_undo) is let through.
    await sql`create trigger refuse_link before insert on bookmark when new.link like ${sql.lit(`%${host}%`)}
      and not exists (select 1 from import_undo where bookmark_id = new.id)
      begin select raise(abort, 'refused by test'); end`.execute(db);
    return () => sql`drop trigger refuse_link`.execute(db);
  }
  await sql`create function refuse_link() returns trigger language plpgsql as $$
    begin if new.link like ${sql.lit(`%${host}%`)}
      and not exists (select 1 from import_undo where bookmark_id = new.id) then raise exception 'refused by test'; end if;
      return new; end $$`.execute(db);
  await sql`create trigger refuse_link before insert on bookmark for each row execute function refuse_link()`.execute(
    db,
  );
  return async () => {
    await sql`drop trigger refuse_link on bookmark`.execute(db);
    await sql`drop function refuse_link()`.execute(db);
  };
}

describe.each(testDialects)('import on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  let n = 0;
  const fresh = async () => {
    const a = t.agent();
    await a.seedAccount(`imp${++n}-${dialect}@example.com`);
    return a;
  };

  it.each([
    ['chrome-export-nested-icons.html', 18],
    ['firefox-export-nested-tags-place-urls.html', 21],
    ['firefox-export-cyrillic-separator.html', 13],
    ['ie11-export-bom-folded-empty-folder.html', 27],
    ['delicious-export-tags-private.html', 5],
    ['shaarli-export-relative-urls-entities.html', 5],
    ['netscape-multiline-descriptions.html', 3],
  ])('imports %s: %i bookmarks', async (name, count) => {
    const a = await fresh();
    const res = await importFile(a, file(name), name);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: expect.any(String), total: count, error: null });
    expect(res.job).toMatchObject({
      status: 'done',
      phase: 'done',
      total: count,
      processed: count,
      error: null,
      result: {
        jobId: res.body.jobId,
        total: count,
        imported: count,
        skippedExisting: 0,
        message: m.success(count, false),
      },
    });
    expect(await total(a)).toBe(count);
  });

  it('makes the job id itself and ignores one sent by the client', async () => {
    const a = await fresh();
    const b = await fresh();
    const first = await importFile(a, file('delicious-export-tags-private.html'), 'd.html');
    // Another user naming the first job's id learns nothing and breaks nothing.
    const second = await importFile(b, file('delicious-export-tags-private.html'), 'd.html', {
      jobId: first.body.jobId,
    });
    expect(second.status).toBe(202);
    expect(second.body.jobId).not.toBe(first.body.jobId);
    expect(second.job?.status).toBe('done');
    // 12 random bytes, as every id the server makes: no one guesses another's job.
    expect(first.body.jobId).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('keeps folder names as categories and dates from the file', async () => {
    const a = await fresh();
    await importFile(a, file('firefox-export-cyrillic-separator.html'), 'bookmarks.html');
    const cats = (await a.get('/api/categories')).body.items.map((c: { name: string }) => c.name);
    expect(cats).toEqual(expect.arrayContaining(['English', 'Mozilla Firefox', 'Other Bookmarks']));
    const book = (await a.get('/api/bookmarks?q=books.google')).body.items[0];
    expect(book.createdAt).toBe(new Date(1517563491 * 1000).toISOString());
  });

  it('refuses a missing file, a file that is not .html and a file without the bookmark marker, leaving no job', async () => {
    const a = await fresh();
    const noFile = await a.request('POST', '/api/import', undefined, {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      raw: '--x--\r\n',
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.message).toBe(m.fileRequired);
    const empty = await postImportFile(a, new Uint8Array(), 'empty.html');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(m.fileRequired);
    const txt = await postImportFile(a, file('chrome-export-nested-icons.html'), 'bookmarks.txt');
    expect(txt.status).toBe(415);
    expect(txt.body.error).toEqual({ code: 'html_required', message: m.htmlRequired, field: 'file' });
    const pocket = await postImportFile(a, file('pocket-export-not-netscape.html'), 'pocket.html');
    expect(pocket.status).toBe(400);
    expect(pocket.body.error).toEqual({ code: 'invalid_file', message: m.invalidSyntax, field: 'file' });
    expect(await total(a)).toBe(0);
    const jobs = await t.server.database.db
      .selectFrom('import_job')
      .select('id')
      .where('user_id', '=', (await a.get('/api/auth/me')).body.user.id)
      .execute();
    expect(jobs).toHaveLength(0);
  });

  it('skips links the user has, or replaces them when asked to overwrite', async () => {
    const a = await fresh();
    await a.post('/api/bookmarks', {
      link: 'https://pouchdb.com',
      title: 'Mine',
      category: 'Databases',
      favourite: true,
    });
    const skip = await importFile(a, file('firefox-export-cyrillic-separator.html'), 'b.html');
    expect(skip.job?.result).toMatchObject({ imported: 12, skippedExisting: 1, overwritten: 0 });
    expect((await a.get('/api/bookmarks?q=pouchdb')).body.items[0]).toMatchObject({
      title: 'Mine',
      category: 'Databases',
    });
    const over = await importFile(a, file('firefox-export-cyrillic-separator.html'), 'b.html', { overwrite: 'true' });
    expect(over.job?.result).toMatchObject({
      imported: 13,
      overwritten: 13,
      skippedExisting: 0,
      message: m.success(13, true),
    });
    expect(await total(a)).toBe(13);
    const replacement = (await a.get('/api/bookmarks?q=pouchdb')).body.items[0];
    expect(replacement).toMatchObject({ category: 'Other Bookmarks', favourite: false });
    // The bookmarks it replaced wait in the trash (issue 31): the user's own title and category
    // come back once the imported one is deleted.
    const trash = (await a.get('/api/trash?pageSize=50')).body;
    expect(trash.total).toBe(13);
    const mine = trash.items.find((b: { title: string }) => b.title === 'Mine');
    expect(mine).toMatchObject({ link: 'https://pouchdb.com', category: 'Databases' });
    expect((await a.post('/api/trash/restore', { ids: [mine.id] })).body).toEqual({
      restored: 0,
      savedAgain: [{ id: mine.id, title: 'Mine', savedAgainAs: replacement.id }],
    });
    expect((await a.delete(`/api/bookmarks/${replacement.id}`)).status).toBe(200);
    expect((await a.post('/api/trash/restore', { ids: [mine.id] })).body).toEqual({ restored: 1, savedAgain: [] });
    expect((await a.get('/api/bookmarks?q=pouchdb')).body.items[0]).toMatchObject({
      id: mine.id,
      title: 'Mine',
      category: 'Databases',
      favourite: true,
    });
  });

  it('leaves the bookmarks as they were when the commit fails part-way, and says so', async () => {
    const a = await fresh();
    await importFile(a, file('chrome-export-nested-icons.html'), 'b.html');
    const before = (await a.get('/api/bookmarks?pageSize=100')).body.items;
    const allow = await refuseLinksTo(t, dialect, 'github.com');
    let jobId = '';
    try {
      const res = await importFile(a, file('chrome-export-nested-icons.html'), 'b.html', { overwrite: 'true' });
      expect(res.status).toBe(202);
      jobId = res.body.jobId;
      expect(res.job).toMatchObject({
        status: 'failed',
        result: null,
        error: { code: 'import_failed', message: m.failed },
      });
    } finally {
      await allow();
    }
    expect((await a.get('/api/bookmarks?pageSize=100')).body.items).toEqual(before);
    // Nothing of it is left behind: no rows of its own, none of the replaced ones still set aside.
    const { db } = t.server.database;
    expect(await db.selectFrom('bookmark').select('id').where('import_id', '=', jobId).execute()).toEqual([]);
    expect(await db.selectFrom('import_undo').select('bookmark_id').execute()).toEqual([]);
    // The bookmarks it had replaced are back, not in the trash.
    expect((await a.get('/api/trash')).body.total).toBe(0);
  });

  it('puts back every bookmark an overwriting import replaced when a later slice fails (issue 27)', async () => {
    const a = await fresh();
    // 5,000 links: the import saves them up to 2,000 a transaction, so slices land before one fails.
    const links = generateLinks(5000, { seed: 21 });
    links[4500] = { ...links[4500]!, url: 'https://refused-host.example.com/page' };
    const text = Buffer.from(netscapeFile(links));
    expect((await importFile(a, text, 'first.html')).job?.result?.imported).toBe(5000);
    const library = async () =>
      (
        await Promise.all(
          Array.from({ length: 50 }, (_, i) => i + 1).map(
            async (page) => (await a.get(`/api/bookmarks?pageSize=100&page=${page}`)).body.items as object[],
          ),
        )
      ).flat();
    const before = await library();
    expect(before).toHaveLength(5000);

    const allow = await refuseLinksTo(t, dialect, 'refused-host');
    try {
      const res = await importFile(a, text, 'again.html', { overwrite: 'true' });
      expect(res.job).toMatchObject({ status: 'failed', error: { code: 'import_failed', message: m.failed } });
      // It had got that far: the slices before the refused row replaced theirs (their rows were set
      // aside), the one holding it refused. The first slice is 2,000 rows; later ones are smaller
      // while other writers wait (write-turns.ts), so where the last good one ended varies.
      expect(res.job?.processed).toBeGreaterThanOrEqual(2000);
      expect(res.job?.processed).toBeLessThanOrEqual(4500);
    } finally {
      await allow();
    }
    // The same rows as before, each with its id, title, category and dates.
    expect(await library()).toEqual(before);
    expect(await t.server.database.db.selectFrom('import_undo').select('bookmark_id').execute()).toEqual([]);
    expect((await a.get('/api/trash')).body.total).toBe(0);
  });

  it("imports the extension's list of browser bookmarks, parsed in the worker", async () => {
    const a = await fresh();
    const res = await a.post('/api/import', {
      items: [
        { title: 'Docs', url: 'https://docs.example.com/', folder: ['Bookmarks bar', 'Work'] },
        { title: '', url: 'https://top.example.com/page', folder: [] },
        { title: 'Again', url: 'HTTPS://docs.example.com', folder: ['Other'] },
        { title: 'Script', url: 'javascript:void(0)', folder: [] },
        { title: 'Places', url: 'chrome://settings', folder: [] },
      ],
    });
    expect(res.status).toBe(202);
    const job = await waitForImport(a, res.body.jobId);
    expect(job.result).toMatchObject({ total: 2, imported: 2, duplicatesInFile: 1, skippedNotWeb: 2, folders: 2 });
    const items = (await a.get('/api/bookmarks')).body.items.map((b: { title: string; category: string }) => [
      b.title,
      b.category,
    ]);
    expect(items).toEqual(
      expect.arrayContaining([
        ['Docs', 'Work'],
        ['top.example.com', 'Uncategorized'],
      ]),
    );
  });

  it("refuses the extension's list when it breaks the rules, with the rule's message", async () => {
    const a = await fresh();
    const bad = await a.request('POST', '/api/import', undefined, { raw: '{"items": [' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('malformed_json');
    const wrong = await a.post('/api/import', { items: [{ title: 'No address' }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('items');
    expect(await total(a)).toBe(0);
  });

  it("shows an import's progress to its owner only", async () => {
    const a = await fresh();
    const b = await fresh();
    const res = await importFile(a, file('delicious-export-tags-private.html'), 'd.html');
    expect((await b.get(`/api/import/${res.body.jobId}`)).status).toBe(404);
    expect((await t.agent().get(`/api/import/${res.body.jobId}`)).status).toBe(401);
    expect((await t.agent().post('/api/import', { items: [] })).status).toBe(401);
  });
});
