import fs from 'node:fs';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages, bookmarkMessages, copyMessages, sentPageLimits } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { fixturesDir, startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { longProse } from '../../testing/long-prose.js';
import { xssPayloads } from '../../testing/xss-payloads.js';

// Issue 30: the extension sends the page it saved (PUT /api/bookmarks/:id/copy), as the user's
// browser shows it, so that pages behind a sign-in, and servers without the outside web, get a copy.

const article = (name: string) => fs.readFileSync(path.join(fixturesDir, 'articles', `${name}.html`), 'utf8');
const expected = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(fixturesDir, 'articles', `${name}.expected.json`), 'utf8'));

/** Le Monde's own address for the fixture's article: with CRAWL off nothing ever fetches it. */
const lemondeUrl =
  'http://www.lemonde.fr/pixels/article/2015/05/04/que-contient-la-loi-sur-le-renseignement_4627068_4408996.html';

const sendPage = (agent: Agent, id: string, body: unknown) => agent.request('PUT', `/api/bookmarks/${id}/copy`, body);

async function save(agent: Agent, link: string, title = 'Read later') {
  const res = await agent.post('/api/bookmarks', { link, title, category: 'Reading' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const copyRow = (t: TestServer, id: string) =>
  t.server.database.db.selectFrom('bookmark_copy').selectAll().where('bookmark_id', '=', id).executeTakeFirst();
const readState = async (t: TestServer, id: string) =>
  (await t.server.database.db.selectFrom('bookmark').select('read_state').where('id', '=', id).executeTakeFirst())
    ?.read_state;

/** The article's page with `markup` put at the top of its body, where Readability keeps it. */
const lemondeWith = (markup: string) =>
  article('lemonde-1').replace(
    '<div id="articleBody" class="contenu_article js_article_body" itemprop="articleBody">',
    (body) => `${body}${markup}`,
  );

/** Stored reading markup that a browser could run nothing from. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(
    /<\s*\/?\s*(script|style|iframe|frame|frameset|object|embed|meta|base|link|form|svg|math|template|noscript)\b/i,
  );
  // Our values are always double-quoted: with them blanked, only names are left in the tags.
  for (const tag of html.replace(/"[^"]*"/g, '""').match(/<[^>]*>/g) ?? []) expect(tag).not.toMatch(/[\s/]on\w*\s*=/i);
  const values: string[] = [];
  const parser = new Parser({ onopentag: (_name, attribs) => values.push(...Object.values(attribs)) }, {});
  parser.end(html);
  for (const value of values) expect(value).not.toMatch(/^\s*(javascript|vbscript|data)\s*:/i);
}

describe.each(testDialects)('pages sent by the browser on %s', (dialect) => {
  let fixtures: FixtureServer;
  let t: TestServer;
  let owner: Agent;
  let other: Agent;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    // CRAWL off (the harness's default) and no outside web: only what the browser sends is read.
    t = await startTestServer(dialect, { CRAWL: 'off' });
    owner = t.agent();
    other = t.agent();
    await owner.seedAccount('sender@example.com');
    await other.seedAccount('other-sender@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  it('keeps the page sent for a bookmark with CRAWL off: its copy is served, and its words are searched', async () => {
    const id = await save(owner, lemondeUrl, 'Loi renseignement');
    expect(await readState(t, id)).toBeNull();
    // The address as the browser may write it: compared as the duplicate check compares addresses.
    const sent = await sendPage(owner, id, {
      url: lemondeUrl.replace('www.lemonde.fr', 'WWW.LeMonde.fr'),
      html: article('lemonde-1'),
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ stored: true });

    const copy = await owner.get(`/api/bookmarks/${id}/copy`);
    expect(copy.status).toBe(200);
    const meta = expected('lemonde-1');
    expect(copy.body).toMatchObject({
      title: meta.title,
      byline: meta.byline,
      siteName: meta.siteName,
      excerpt: meta.excerpt,
      lang: 'fr',
    });
    expect(copy.body.wordCount).toBeGreaterThan(1000);
    expect(copy.body.html).toContain('Laure de la Raudière');
    expect(copy.body.html).not.toMatch(/<script|\sclass=|\sstyle=/);
    // The page is read: the crawler, were it on, would leave it.
    expect(await readState(t, id)).toBe('read');

    // A word of the article alone (neither the title nor the address has it), accents aside.
    const found = await owner.get(`/api/bookmarks?q=${encodeURIComponent('raudiere')}`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((b: { id: string }) => b.id)).toEqual([id]);
    expect(found.body.items[0].snippet.text).toContain('Raudière');
    // Nobody else finds it.
    expect((await other.get('/api/bookmarks?q=raudiere')).body.items).toEqual([]);
    // Nothing was fetched from anywhere.
    expect(fixtures.requests).toEqual([]);
  });

  it('a page sent again replaces the copy, and search follows', async () => {
    const id = await save(owner, 'https://news.example.com/heise', 'Sent twice');
    expect((await sendPage(owner, id, { url: 'https://news.example.com/heise', html: article('heise') })).body).toEqual(
      {
        stored: true,
      },
    );
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).body.title).toBe(expected('heise').title);
    expect(
      (await sendPage(owner, id, { url: 'https://news.example.com/heise/', html: article('ars-1') })).body,
    ).toEqual({ stored: true });
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).body.title).toBe(expected('ars-1').title);
    // Ars Technica's article names Mojang; Heise's German words are gone with its copy.
    expect((await owner.get('/api/bookmarks?q=mojang')).body.items.map((b: { id: string }) => b.id)).toEqual([id]);
    expect((await owner.get('/api/bookmarks?q=zusatzfelder')).body.items).toEqual([]);
  });

  it('another user’s bookmark answers 404 and nobody 401, and nothing is kept', async () => {
    const id = await save(owner, 'https://news.example.com/bbc', 'Not theirs');
    const theirs = await sendPage(other, id, { url: 'https://news.example.com/bbc', html: article('bbc-1') });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toMatchObject({ code: 'not_found', message: bookmarkMessages.notFound });
    const none = await sendPage(other, 'no-such-id', { url: 'https://news.example.com/bbc', html: article('bbc-1') });
    expect(none.status).toBe(404);

    const anonymous = await sendPage(t.agent(), id, { url: 'https://news.example.com/bbc', html: article('bbc-1') });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ code: 'unauthenticated', message: authMessages.notAuthenticated });

    expect(await copyRow(t, id)).toBeUndefined();
    expect(await readState(t, id)).toBeNull();
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).status).toBe(404);
  });

  it('refuses a page at another address than the bookmark’s (409), and keeps nothing', async () => {
    const id = await save(owner, 'https://news.example.com/story', 'A story');
    for (const url of ['https://evil.example/story', 'https://news.example.com/other-story', 'not an address']) {
      const res = await sendPage(owner, id, { url, html: article('bbc-1') });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'wrong_page', message: copyMessages.notThisPage, field: 'url' });
    }
    expect(await copyRow(t, id)).toBeUndefined();
    expect(await readState(t, id)).toBeNull();
  });

  it('refuses a page over 3 MB (413), counted in bytes, and keeps nothing', async () => {
    const id = await save(owner, 'https://news.example.com/long', 'A long page');
    const url = 'https://news.example.com/long';
    // Fewer than 3 MB of characters, but over 3 MB of UTF-8: 'é' takes two bytes.
    const padding = 'é'.repeat(Math.ceil(sentPageLimits.maxBytes / 2) + 1);
    const heavy = lemondeWith(`<p>${padding}</p>`);
    expect(heavy.length).toBeLessThan(sentPageLimits.maxBytes);
    const over = await sendPage(owner, id, { url, html: heavy });
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ code: 'too_large', message: copyMessages.pageTooLarge });

    // A body past what its JSON may take is refused unread, with the same message.
    const huge = await sendPage(owner, id, { url, html: 'a'.repeat(sentPageLimits.maxBytes * 2 + 128 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({ code: 'too_large', message: copyMessages.pageTooLarge });

    expect(await copyRow(t, id)).toBeUndefined();
    expect(await readState(t, id)).toBeNull();
    // Other requests still take small bodies only.
    const big = await owner.post('/api/bookmarks', {
      link: url,
      title: 'x',
      category: 'y',
      rssFeed: 'z'.repeat(200_000),
    });
    expect(big.status).toBe(413);
  });

  it('keeps the copy of a page of nearly 3 MB, the most a page may be, and searches its words', async () => {
    // An account of its own: other tests here keep the Ars Technica article's page too.
    const reader = t.agent();
    await reader.seedAccount('long-reader@example.com');
    const url = 'https://news.example.com/very-long-read';
    const id = await save(reader, url, 'Loi renseignement, the long read');
    // The Ars Technica article's paragraphs over and over at the top of Le Monde's article: a page
    // too large for the extraction thread's memory at first, read again lighter.
    const page = lemondeWith(longProse(sentPageLimits.maxBytes - Buffer.byteLength(lemondeWith('')) - 8192));
    expect(Buffer.byteLength(page)).toBeGreaterThan(sentPageLimits.maxBytes * 0.95);
    expect(Buffer.byteLength(page)).toBeLessThan(sentPageLimits.maxBytes);

    const sent = await sendPage(reader, id, { url, html: page });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ stored: true });
    const copy = await reader.get(`/api/bookmarks/${id}/copy`);
    expect(copy.body).toMatchObject({ title: expected('lemonde-1').title, lang: 'fr' });
    expect(copy.body.html).toContain('A flaw in the wildly popular online game Minecraft');
    expect(await readState(t, id)).toBe('read');
    // A word of the page alone: neither the title nor the address has it.
    const found = await reader.get('/api/bookmarks?q=minecraft');
    expect(found.body.items.map((b: { id: string }) => b.id)).toEqual([id]);
    expect(found.body.items[0].snippet.text).toMatch(/Minecraft/);
  });

  it('keeps no script, handler or script address of the page', async () => {
    const id = await save(owner, 'https://news.example.com/hostile', 'Hostile');
    const payloads = xssPayloads.map((p) => `<p>${p.html}</p>`).join('\n');
    // After the article's first paragraphs: an unclosed comment or script among them takes the rest.
    const hostile = article('lemonde-1')
      .replace("s'est abstenu.</p>", (p) => `${p}\n${payloads}`)
      .replace('</head>', '<script>alert(1)</script></head>');
    expect(hostile).toContain(payloads);
    const res = await sendPage(owner, id, { url: 'https://news.example.com/hostile', html: hostile });
    expect(res.body).toEqual({ stored: true });

    const stored = await copyRow(t, id);
    expect(stored?.html).toContain('Laure de la Raudière');
    expectHarmless(stored!.html);
    const served = (await owner.get(`/api/bookmarks/${id}/copy`)).body;
    expect(served.title).toBe(expected('lemonde-1').title);
    expectHarmless(served.html);
  });

  it('an account that keeps no readable copies is answered stored: false, and nothing is kept', async () => {
    const quiet = t.agent();
    await quiet.seedAccount('no-copies@example.com');
    expect((await quiet.patch('/api/profile', { settings: { keepCopies: false } })).status).toBe(200);
    const id = await save(quiet, lemondeUrl, 'Not kept');
    const res = await sendPage(quiet, id, { url: lemondeUrl, html: article('lemonde-1') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stored: false });
    expect(await copyRow(t, id)).toBeUndefined();
    expect((await quiet.get(`/api/bookmarks/${id}/copy`)).status).toBe(404);
  });

  it('a page with no article to read is answered stored: false', async () => {
    const id = await save(owner, 'https://news.example.com/empty', 'Empty');
    const res = await sendPage(owner, id, {
      url: 'https://news.example.com/empty',
      html: '<html><body></body></html>',
    });
    expect(res.body).toEqual({ stored: false });
    expect(await copyRow(t, id)).toBeUndefined();
    expect(await readState(t, id)).toBeNull();
  });
});

describe.each(testDialects)('the crawler and pages sent by the browser on %s', (dialect) => {
  let fixtures: FixtureServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
  });
  afterAll(async () => {
    await fixtures?.close();
  });

  it('does not fetch a page whose copy was sent, and reads the others', async () => {
    const t = await startTestServer(dialect, { CRAWL: 'off' });
    let crawling: TestServer | null = null;
    try {
      const owner = t.agent();
      await owner.seedAccount('sent-then-crawled@example.com');
      const sentLink = fixtures.url('/articles/heise.html?sent', 'localhost');
      const sent = await save(owner, sentLink, 'Sent');
      const other = await save(owner, fixtures.url('/articles/bbc-1.html?crawled', 'localhost'), 'Crawled');
      expect((await sendPage(owner, sent, { url: sentLink, html: article('heise') })).body).toEqual({ stored: true });

      // The same data, now with the crawler on: it reads what is still to be read.
      crawling = await t.restart({ CRAWL: 'on', FETCH_ALLOW_HOSTS: 'localhost' });
      await crawling.server.worker.idle();
      expect(fixtures.requests.map((r) => r.url)).toContain('/articles/bbc-1.html?crawled');
      expect(fixtures.requests.filter((r) => r.path === '/articles/heise.html')).toEqual([]);
      expect((await copyRow(crawling, other))?.title).toBe(expected('bbc-1').title);
      expect((await copyRow(crawling, sent))?.title).toBe(expected('heise').title);
    } finally {
      await (crawling ?? t).close();
    }
  });

  it('a page sent while the crawler reads it keeps the sent copy', async () => {
    const t = await startTestServer(dialect, { CRAWL: 'on', FETCH_ALLOW_HOSTS: 'localhost' });
    try {
      const owner = t.agent();
      await owner.seedAccount('sent-while-crawled@example.com');
      // The site answers the crawler only when the test says: its page is being read meanwhile.
      const link = fixtures.url('/articles/lemonde-1.html?hold', 'localhost');
      const id = await save(owner, link, 'Both');
      await vi.waitFor(() => expect(fixtures.holding()).toContain('/articles/lemonde-1.html?hold'), {
        timeout: 15_000,
      });
      expect(await readState(t, id)).toBe('reading');

      // What the browser shows (here another article) differs from what the crawler gets.
      expect((await sendPage(owner, id, { url: link, html: article('ars-1') })).body).toEqual({ stored: true });
      fixtures.release();
      await t.server.worker.idle();
      expect(fixtures.requests.map((r) => r.url)).toContain('/articles/lemonde-1.html?hold');
      expect((await owner.get(`/api/bookmarks/${id}/copy`)).body.title).toBe(expected('ars-1').title);
      expect(await readState(t, id)).toBe('read');
    } finally {
      await t.close();
    }
  });
});
