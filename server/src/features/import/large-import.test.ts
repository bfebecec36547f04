import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMaxBytes, importMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { generateLinks, netscapeFile } from '../../testing/netscape-file.js';

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
    await a.signUp(`large-${dialect}@example.com`);
  });
  afterAll(() => t?.close());

  it('imports every link and reports progress while it runs', { timeout: 120_000 }, async () => {
    const data = fileNearTheLimit();
    expect(data.length).toBeGreaterThan(importMaxBytes - 256 * 1024);
    expect(data.length).toBeLessThanOrEqual(importMaxBytes);

    const jobId = crypto.randomUUID();
    const form = new FormData();
    form.append('jobId', jobId);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'text/html' }), 'bookmarks.html');
    const upload = fetch(`${a.baseUrl}/api/import`, {
      method: 'POST',
      headers: { origin: a.baseUrl, cookie: `linkhive.session_token=${a.cookie('linkhive.session_token')}` },
      body: form,
    }).then(async (res) => ({ status: res.status, body: await res.json() }));

    // Poll as the import page does; the answers seen before the import ends must show it running.
    let finished = false;
    void upload.finally(() => (finished = true));
    const seen: { status: string; processed: number; total: number }[] = [];
    while (!finished) {
      const progress = await a.get(`/api/import/${jobId}`);
      if (progress.status === 200) seen.push(progress.body);
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await upload;

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      jobId,
      total: uniqueLinks,
      imported: uniqueLinks,
      duplicatesInFile: linkCount - uniqueLinks,
      message: m.success(uniqueLinks, false),
    });
    expect((await a.get('/api/bookmarks?pageSize=1')).body.total).toBe(uniqueLinks);
    const running = seen.filter((p) => p.status === 'running' && p.processed > 0);
    expect(running.length).toBeGreaterThan(0);
    expect(running.every((p) => p.total === uniqueLinks && p.processed <= uniqueLinks)).toBe(true);
  });
});
