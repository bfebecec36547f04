import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMaxBytes, importMessages as m, type ImportProgress } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { generateLinks, netscapeFile } from '../../testing/netscape-file.js';
import { postImportFile } from '../../testing/imports.js';

const linkCount = 40_000;
const links = generateLinks(linkCount, { duplicateShare: 0.1 });
const uniqueLinks = new Set(links.map((l) => l.url)).size;

/** The generated links with descriptions long enough to bring the file just under the upload limit. */
function fileNearTheLimit(): Buffer {
  const bare = Buffer.byteLength(netscapeFile(links));
  const perLink = Math.floor((importMaxBytes - 64 * 1024 - bare) / linkCount) - '<DD>\n'.length;
  return Buffer.from(netscapeFile(links, { descriptionChars: perLink }));
}

describe.each(testDialects)('a 25 MB import on %s', (dialect) => {
  let t: TestServer;
  let a: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = t.agent();
    await a.seedAccount(`large-${dialect}@example.com`);
  });
  afterAll(() => t?.close());

  it('imports every link and reports progress while it runs', { timeout: 120_000 }, async () => {
    const data = fileNearTheLimit();
    expect(data.length).toBeGreaterThan(importMaxBytes - 256 * 1024);
    expect(data.length).toBeLessThanOrEqual(importMaxBytes);
    const res = await postImportFile(a, data, 'bookmarks.html');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ total: uniqueLinks, error: null });

    // Poll as the import page does, until the job ends.
    const seen: ImportProgress[] = [];
    for (;;) {
      const progress = (await a.get<ImportProgress>(`/api/import/${res.body.jobId}`)).body;
      seen.push(progress);
      if (progress.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen.at(-1)).toMatchObject({
      status: 'done',
      result: {
        jobId: res.body.jobId,
        total: uniqueLinks,
        imported: uniqueLinks,
        duplicatesInFile: linkCount - uniqueLinks,
        message: m.success(uniqueLinks, false),
      },
    });
    expect((await a.get('/api/bookmarks?pageSize=1')).body.total).toBe(uniqueLinks);
    const running = seen.filter((p) => p.status === 'running' && p.processed > 0);
    expect(running.length).toBeGreaterThan(0);
    expect(running.every((p) => p.total === uniqueLinks && p.processed <= uniqueLinks)).toBe(true);
  });
});
