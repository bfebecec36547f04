import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, type ImportProgress } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { fixturesDir } from '../../testing/fixture-server.js';
import { importFile, waitForImport } from '../../testing/imports.js';
import { anchorTitles } from '../../testing/netscape-file.js';

// Issue 26, defect 5: titles a file or the browser had come back whole from an export; the 50 of
// the dialogs is for typing. Expected titles are read from the files here, apart from the server's
// parser, so a cut anywhere on the way shows.

const storedTitles = async (a: Agent) =>
  new Map(
    ((await a.get('/api/bookmarks?pageSize=100')).body.items as { link: string; title: string }[]).map((b) => [
      b.link,
      b.title,
    ]),
  );

async function exportOf(t: TestServer, a: Agent): Promise<string> {
  const res = await fetch(`${t.url}/api/export`, {
    headers: { cookie: `linkhive.session_token=${a.cookie('linkhive.session_token')}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe.each(testDialects)('imported titles on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  let n = 0;
  const fresh = async () => {
    const a = t.agent();
    await a.seedAccount(`titles${++n}-${dialect}@example.com`);
    return a;
  };

  it.each(['firefox-export-cyrillic-separator.html', 'ie11-export-bom-folded-empty-folder.html'])(
    'keeps the long titles of %s through import and export',
    async (name) => {
      const source = fs.readFileSync(path.join(fixturesDir, 'bookmarks', name), 'utf8');
      const expected = anchorTitles(source);
      const long = [...expected.values()].filter((title) => title.length > limits.titleMax);
      expect(long.length).toBeGreaterThan(1);

      const a = await fresh();
      expect((await importFile(a, Buffer.from(source), name)).job?.status).toBe('done');
      const stored = await storedTitles(a);
      for (const [link, title] of expected) expect(stored.get(link) ?? stored.get(new URL(link).href)).toBe(title);

      const exported = anchorTitles(await exportOf(t, a));
      expect(exported.size).toBe(stored.size);
      for (const [link, title] of stored) expect(exported.get(link)).toBe(title);
      for (const title of long) expect([...exported.values()]).toContain(title);
    },
  );

  it('keeps long titles of the extension’s browser import, and cuts only past 1,000 characters', async () => {
    const a = await fresh();
    const long = 'Twice22/CS224n-solutions: Solutions for CS224n course from Stanford University';
    const huge = `${'word '.repeat(600)}end`; // past the old 2,000 of the JSON schema
    const emoji = `${'a'.repeat(limits.importedTitleMax - 1)}😀 and more`;
    const res = await a.post<ImportProgress>('/api/import', {
      items: [
        { title: long, url: 'https://github.com/Twice22/CS224n-solutions', folder: ['Study'] },
        { title: huge, url: 'https://huge.example.com/', folder: [] },
        { title: emoji, url: 'https://emoji.example.com/', folder: [] },
      ],
    });
    expect(res.status).toBe(202);
    expect((await waitForImport(a, res.body.jobId)).status).toBe('done');
    const stored = await storedTitles(a);
    expect(stored.get('https://github.com/Twice22/CS224n-solutions')).toBe(long);
    expect(stored.get('https://huge.example.com/')).toBe(huge.slice(0, limits.importedTitleMax).trimEnd());
    expect(stored.get('https://huge.example.com/')).toHaveLength(999);
    // The cut falls inside the emoji: its lone half is dropped rather than stored.
    expect(stored.get('https://emoji.example.com/')).toBe('a'.repeat(limits.importedTitleMax - 1));
    const exported = anchorTitles(await exportOf(t, a));
    expect(exported.get('https://github.com/Twice22/CS224n-solutions')).toBe(long);
  });
});
