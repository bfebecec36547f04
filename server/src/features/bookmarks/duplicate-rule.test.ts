import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarkMessages as m, groupMessages, type ImportProgress } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { importFile, waitForImport } from '../../testing/imports.js';
import { addLink, trio } from '../../testing/groups.js';

// Issue 31: one page is one bookmark, whichever form of its address a client sends: the web app's
// add dialog, the extension (its saved tick and its save), a bookmark file, the browser's bookmarks
// and workspace links all follow the same key (shared/src/domain/link-key.ts).
const article = 'https://www.example-news.com/2026/11/story';
const sameArticle = [
  'http://example-news.com/2026/11/story/',
  'https://example-news.com/2026/11/story#comments',
  'https://www.example-news.com/2026/11/story?utm_source=newsletter&utm_medium=email',
  'https://EXAMPLE-NEWS.com/2026/11/story?fbclid=IwAR0xyz',
];
const duplicate = { code: 'duplicate_link', message: m.duplicateLink, field: 'link' };

describe.each(testDialects)('the duplicate rule on %s', (dialect) => {
  let t: TestServer;
  let ann: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    ann = t.agent();
    await ann.signUp(`dup-ann-${dialect}@example.com`);
    expect((await ann.post('/api/bookmarks', { link: article, title: 'The story', category: 'News' })).status).toBe(
      201,
    );
  });
  afterAll(() => t?.close());

  const total = async (a: Agent) => (await a.get('/api/bookmarks?pageSize=1')).body.total as number;

  it("refuses another form of a saved page's address with the spec's message", async () => {
    for (const link of sameArticle) {
      const res = await ann.post('/api/bookmarks', { link, title: 'Again', category: 'News' });
      expect([link, res.status, res.body.error]).toEqual([link, 409, duplicate]);
    }
    // A query that picks another page is another bookmark.
    const other = await ann.post('/api/bookmarks', { link: `${article}?page=2`, title: 'Page two', category: 'News' });
    expect(other.status).toBe(201);
    expect(await total(ann)).toBe(2);
  });

  it('shows the extension its saved tick for every form, and refuses its save too', async () => {
    const ext = t.agent();
    const login = await ext.post('/api/auth/login?mode=token', {
      email: `dup-ann-${dialect}@example.com`,
      password: 'Passw0rd!',
    });
    expect(login.status).toBe(200);
    ext.bearer = login.body.token;
    for (const url of sameArticle) {
      const found = await ext.get(`/api/bookmarks/lookup?url=${encodeURIComponent(url)}`);
      expect([url, found.status, found.body.bookmark?.link]).toEqual([url, 200, article]);
    }
    const save = await ext.post('/api/bookmarks', {
      link: sameArticle[2],
      title: 'From the toolbar',
      category: 'News',
    });
    expect(save.status).toBe(409);
    expect(save.body.error).toEqual(duplicate);
  });

  it('skips the saved page in a bookmark file and in the browser’s bookmarks, and counts forms of one page once', async () => {
    const before = await total(ann);
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${[
      ...sameArticle,
      'https://fresh.example.org/a?utm_campaign=x',
      'https://fresh.example.org/a/',
    ]
      .map((link, i) => `<DT><A HREF="${link}" ADD_DATE="1700000000">Form ${i}</A>`)
      .join('\n')}\n</DL><p>\n`;
    const fromFile = await importFile(ann, Buffer.from(file), 'bookmarks.html');
    // Four forms of the saved story (one skipped, three repeats in the file) and two of a new page.
    expect(fromFile.job?.result).toMatchObject({ total: 2, imported: 1, duplicatesInFile: 4, skippedExisting: 1 });

    const res = await ann.post<ImportProgress>('/api/import', {
      items: [
        { title: 'Story', url: sameArticle[1], folder: ['News'] },
        { title: 'Fresh', url: 'http://www.fresh.example.org/a#top', folder: [] },
      ],
    });
    expect(res.status).toBe(202);
    expect((await waitForImport(ann, res.body.jobId)).result).toMatchObject({ imported: 0, skippedExisting: 2 });
    expect(await total(ann)).toBe(before + 1);
    // The address kept is the one the user saved first, as written.
    const fresh = (await ann.get('/api/bookmarks?q=fresh')).body.items;
    expect(fresh.map((b: { link: string }) => b.link)).toEqual(['https://fresh.example.org/a?utm_campaign=x']);
  });

  it('refuses another form of a link already in a workspace group', async () => {
    const { owner, group } = await trio(t, `Dup team ${dialect}`);
    await addLink(owner.agent, group.id, { link: article, title: 'The story' });
    const again = await owner.agent.post(`/api/groups/${group.id}/links`, { link: sameArticle[0], title: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'duplicate_link', message: groupMessages.duplicateLink, field: 'link' });
  });
});
