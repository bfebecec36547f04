import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages as m, type ImportProgress } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { fixturesDir } from '../../testing/fixture-server.js';
import { importFile, waitForImport } from '../../testing/imports.js';

// Issue 26 defect 8 and issue 25 defect 10: a re-import that adds nothing says so, not
// '0 bookmarks have been imported successfully'; the counts say what happened to every link.

describe.each(testDialects)('an import that adds nothing on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('says everything in the file was already saved', async () => {
    const a = t.agent();
    await a.seedAccount(`again-${dialect}@example.com`);
    const name = 'firefox-export-cyrillic-separator.html';
    const data = fs.readFileSync(path.join(fixturesDir, 'bookmarks', name));
    expect((await importFile(a, data, name)).job?.result).toMatchObject({
      imported: 13,
      message: m.success(13, false),
    });
    const again = await importFile(a, data, name);
    expect(again.job?.result).toMatchObject({
      total: 13,
      imported: 0,
      skippedExisting: 13,
      message: 'Everything in this file was already saved: no bookmarks were added.',
    });
    expect((await a.get('/api/bookmarks?pageSize=1')).body.total).toBe(13);
  });

  it("says the same of the browser's bookmarks, and counts the duplicates merged inside them", async () => {
    const a = t.agent();
    await a.seedAccount(`again-browser-${dialect}@example.com`);
    const items = [
      { title: 'One', url: 'https://one.example.com/', folder: ['Work'] },
      { title: 'One again', url: 'https://ONE.example.com', folder: ['Other'] },
      { title: 'Two', url: 'https://two.example.com/path', folder: [] },
    ];
    const run = async () => {
      const res = await a.post<ImportProgress>('/api/import', { items });
      expect(res.status).toBe(202);
      return (await waitForImport(a, res.body.jobId)).result;
    };
    expect(await run()).toMatchObject({ total: 2, imported: 2, duplicatesInFile: 1, message: m.success(2, false) });
    expect(await run()).toMatchObject({
      total: 2,
      imported: 0,
      skippedExisting: 2,
      duplicatesInFile: 1,
      message: "Everything in this browser's bookmarks was already saved: no bookmarks were added.",
    });
    expect((await a.get('/api/bookmarks?pageSize=1')).body.total).toBe(2);
  });
});
