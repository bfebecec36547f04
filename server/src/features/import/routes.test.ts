import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { fixturesDir } from '../../testing/fixture-server.js';

const file = (name: string) => fs.readFileSync(path.join(fixturesDir, 'bookmarks', name));

async function importFile(a: Agent, data: Buffer, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'text/html' }), name);
  const headers: Record<string, string> = {
    origin: a.baseUrl,
    cookie: `linkhive.session_token=${a.cookie('linkhive.session_token')}`,
  };
  const res = await fetch(`${a.baseUrl}/api/import`, { method: 'POST', headers, body: form });
  return { status: res.status, body: await res.json() };
}

const total = async (a: Agent) => (await a.get('/api/bookmarks?pageSize=1')).body.total as number;

describe.each(testDialects)('import on %s', (dialect) => {
  let t: TestServer;
  let failNext = false;
  beforeAll(async () => {
    t = await startTestServer(
      dialect,
      {},
      {
        importHooks: {
          async beforeCommit() {
            if (failNext) {
              failNext = false;
              throw new Error('injected failure');
            }
          },
        },
      },
    );
  });
  afterAll(() => t?.close());

  let n = 0;
  const fresh = async () => {
    const a = t.agent();
    await a.signUp(`imp${++n}-${dialect}@example.com`);
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
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: count,
      imported: count,
      skippedExisting: 0,
      message: m.success(count, false),
    });
    expect(await total(a)).toBe(count);
    const progress = await a.get(`/api/import/${res.body.jobId}`);
    expect(progress.body).toMatchObject({ status: 'done', phase: 'done', total: count, processed: count });
  });

  it('keeps folder names as categories and dates from the file', async () => {
    const a = await fresh();
    await importFile(a, file('firefox-export-cyrillic-separator.html'), 'bookmarks.html');
    const cats = (await a.get('/api/categories')).body.items.map((c: { name: string }) => c.name);
    expect(cats).toEqual(expect.arrayContaining(['English', 'Mozilla Firefox', 'Other Bookmarks']));
    const book = (await a.get('/api/bookmarks?q=books.google')).body.items[0];
    expect(book.createdAt).toBe(new Date(1517563491 * 1000).toISOString());
  });

  it('refuses a missing file, a file that is not .html and a file without the bookmark marker', async () => {
    const a = await fresh();
    const noFile = await a.request('POST', '/api/import', undefined, {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      raw: '--x--\r\n',
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.message).toBe(m.fileRequired);
    const txt = await importFile(a, file('chrome-export-nested-icons.html'), 'bookmarks.txt');
    expect(txt.status).toBe(415);
    expect(txt.body.error).toEqual({ code: 'html_required', message: m.htmlRequired, field: 'file' });
    const pocket = await importFile(a, file('pocket-export-not-netscape.html'), 'pocket.html');
    expect(pocket.status).toBe(400);
    expect(pocket.body.error).toEqual({ code: 'invalid_file', message: m.invalidSyntax, field: 'file' });
    expect(await total(a)).toBe(0);
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
    expect(skip.body).toMatchObject({ imported: 12, skippedExisting: 1, overwritten: 0 });
    expect((await a.get('/api/bookmarks?q=pouchdb')).body.items[0]).toMatchObject({
      title: 'Mine',
      category: 'Databases',
    });

    const over = await importFile(a, file('firefox-export-cyrillic-separator.html'), 'b.html', { overwrite: 'true' });
    expect(over.body).toMatchObject({
      imported: 13,
      overwritten: 13,
      skippedExisting: 0,
      message: m.success(13, true),
    });
    expect(await total(a)).toBe(13);
    expect((await a.get('/api/bookmarks?q=pouchdb')).body.items[0]).toMatchObject({
      category: 'Other Bookmarks',
      favourite: false,
    });
  });

  it('leaves the bookmarks as they were when the import fails part-way', async () => {
    const a = await fresh();
    await importFile(a, file('chrome-export-nested-icons.html'), 'b.html');
    const before = (await a.get('/api/bookmarks?pageSize=100')).body.items;
    failNext = true;
    const res = await importFile(a, file('chrome-export-nested-icons.html'), 'b.html', { overwrite: 'true' });
    expect(res.status).toBe(500);
    expect((await a.get('/api/bookmarks?pageSize=100')).body.items).toEqual(before);
    expect(await t.server.database.db.selectFrom('import_item').select('id').execute()).toHaveLength(0);
  });

  it("imports the extension's list of browser bookmarks", async () => {
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
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, imported: 2, duplicatesInFile: 1, skippedNotWeb: 2, folders: 2 });
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

  it("shows an import's progress to its owner only", async () => {
    const a = await fresh();
    const b = await fresh();
    const res = await importFile(a, file('delicious-export-tags-private.html'), 'd.html');
    expect((await b.get(`/api/import/${res.body.jobId}`)).status).toBe(404);
    expect((await t.agent().get(`/api/import/${res.body.jobId}`)).status).toBe(401);
  });
});
