import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { importFile } from '../../testing/imports.js';

describe.each(testDialects)('export on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('writes a Netscape file that imports into a fresh account as the same bookmarks', async () => {
    const a = t.agent();
    await a.seedAccount(`exp-${dialect}@example.com`);
    const saved = [
      {
        link: 'https://www.example.com/a?x=1&y="2"',
        title: 'A <b>bold</b> & "quoted" title',
        category: 'Work',
        favourite: true,
        rssFeed: 'https://www.example.com/feed.xml',
      },
      { link: 'https://news.example.org/', title: 'Новости', category: 'News', favourite: false },
      { link: 'https://blog.example.net/post', title: 'Post', category: 'Work', favourite: false },
    ];
    for (const b of saved) expect((await a.post('/api/bookmarks', b)).status).toBe(201);

    const res = await fetch(`${t.url}/api/export`, {
      headers: { cookie: `linkhive.session_token=${a.cookie('linkhive.session_token')}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="linkhive-bookmarks-\d{4}-\d{2}-\d{2}\.html"/,
    );
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    expect(html).toContain('<H3 ADD_DATE=');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');

    const b = t.agent();
    await b.seedAccount(`exp2-${dialect}@example.com`);
    const imported = await importFile(b, Buffer.from(html), 'export.html');
    expect(imported.job?.result?.imported).toBe(3);

    const pick = (x: { items: Record<string, unknown>[] }) =>
      x.items
        .map(({ title, link, category, favourite, rssFeed, createdAt }) => ({
          title,
          link,
          category,
          favourite,
          rssFeed,
          createdAt: String(createdAt).slice(0, 19),
        }))
        .sort((p, q) => String(p.link).localeCompare(String(q.link)));
    const original = pick((await a.get('/api/bookmarks')).body);
    const copy = pick((await b.get('/api/bookmarks')).body);
    expect(copy).toEqual(original);
  });

  it('writes each of 5,000 bookmarks once across its pages, with many sharing a folder and a date', async () => {
    const a = t.agent();
    await a.seedAccount(`exp-many-${dialect}@example.com`);
    // Three folders, and ten dates between them: pages of 500 end inside runs of equal
    // (folder, date), where only the id tells rows apart.
    const folders = ['Alpha', 'Beta', 'Gamma'].map((name, f) => {
      const links = Array.from({ length: 5000 }, (_, i) => i)
        .filter((i) => i % 3 === f)
        .map((i) => `<DT><A HREF="https://many-${i}.example.com/" ADD_DATE="${1700000000 + (i % 10)}">Many ${i}</A>`);
      return `<DT><H3>${name}</H3>\n<DL><p>\n${links.join('\n')}\n</DL><p>`;
    });
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${folders.join('\n')}\n</DL><p>\n`;
    expect((await importFile(a, Buffer.from(file), 'many.html')).job?.result?.imported).toBe(5000);

    const res = await fetch(`${t.url}/api/export`, {
      headers: { cookie: `linkhive.session_token=${a.cookie('linkhive.session_token')}` },
    });
    const links = [...(await res.text()).matchAll(/HREF="https:\/\/many-(\d+)\.example\.com\/"/g)].map((m) =>
      Number(m[1]),
    );
    expect(links).toHaveLength(5000);
    expect(new Set(links).size).toBe(5000);
  });

  it("exports only the caller's bookmarks and asks for sign-in", async () => {
    const c = t.agent();
    await c.seedAccount(`exp3-${dialect}@example.com`);
    const res = await fetch(`${t.url}/api/export`, {
      headers: { cookie: `linkhive.session_token=${c.cookie('linkhive.session_token')}` },
    });
    expect(await res.text()).not.toContain('<A ');
    expect((await fetch(`${t.url}/api/export`)).status).toBe(401);
  });
});
