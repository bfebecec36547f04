import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, bookmarkMessages, feedMessages, type FeedList } from '@linkhive/shared/domain';
import { ensureAuthSecret } from '../../db/app-setting-repository.js';
import { createAddressGuard } from '../../integrations/page-fetch/address-guard.js';
import { createGuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, tinyPng, type FixtureServer } from '../../testing/fixture-server.js';
import { account, addFeedBookmark } from '../../testing/feed-accounts.js';
import { imageRelay } from './image-relay.js';

describe.each(testDialects)('RSS reading API on %s', (dialect) => {
  let t: TestServer;
  let fixtures: FixtureServer;
  let pat: Agent;
  let fred: Agent;
  let olga: Agent;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer(dialect, { FETCH_ALLOW_HOSTS: 'localhost' });
    pat = await account(t, 'Pat', 'subscriptionPro');
    fred = await account(t, 'Fred');
    olga = await account(t, 'Olga', 'subscriptionPro');
    const feed = (file: string) => fixtures.url(`/feeds/${file}?routes=${dialect}`, 'localhost');
    ids.heise = await addFeedBookmark(pat, feed('atom-heise-developer.xml'), { title: 'Heise', category: 'Tech' });
    ids.medium = await addFeedBookmark(pat, feed('rss2-content-encoded-medium.xml'), { title: 'Medium' });
    ids.broken = await addFeedBookmark(pat, feed('malformed-html-document-moved.xml'), { title: 'Moved' });
    ids.plain = await addFeedBookmark(pat, null, { title: 'No feed' });
    ids.fred = await addFeedBookmark(fred, feed('atom-heise-developer.xml'), { title: 'Heise' });
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  it('asks for a sign-in on every RSS path', async () => {
    const anon = t.agent();
    for (const [method, path] of [
      ['GET', '/api/feeds'],
      ['GET', '/api/feeds/sources'],
      ['POST', `/api/feeds/sources/${ids.heise}/load`],
      ['POST', '/api/feeds/refresh'],
      ['GET', `/api/bookmarks/${ids.heise}/feed`],
    ] as const) {
      const res = await anon.request(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, path).toBe(401);
      expect(res.body.error).toEqual({ code: 'unauthenticated', message: authMessages.notAuthenticated });
    }
  });

  it('lists sources from the cache, then loads them one at a time with their status', async () => {
    const before = (await pat.get('/api/feeds/sources')).body;
    expect(before).toMatchObject({ parallel: true, itemLimit: null });
    expect(before.sources.map((s: { title: string }) => s.title)).toEqual(['Moved', 'Medium', 'Heise']);
    const medium = await pat.post(`/api/feeds/sources/${ids.medium}/load`, { refresh: false });
    expect(medium.body).toMatchObject({ id: ids.medium, status: 'loaded', itemCount: 7, error: null });
    expect(medium.body.feedTitle).toBe('Food in Invironment on Medium');
    expect(medium.body.imageSrc).toMatch(/^\/api\/feeds\/image\?url=/);
    expect(Date.parse(medium.body.updatedAt)).not.toBeNaN();
    const broken = await pat.post(`/api/feeds/sources/${ids.broken}/load`, {});
    expect(broken.body).toMatchObject({ status: 'error', error: feedMessages.sourceFailed });
    expect((await fred.get('/api/feeds/sources')).body).toMatchObject({ parallel: false, itemLimit: 50 });
  });

  it('filters the merged list by search text, category and source, and pages it', async () => {
    const all = (await pat.get('/api/feeds')).body as FeedList;
    expect(all).toMatchObject({ total: 22, page: 1, pageSize: 25, limited: false, availableTotal: 22 });
    expect(all.sources.map((s) => s.status)).toEqual(['error', 'loaded', 'loaded']);
    expect(Date.parse(all.lastUpdated!)).not.toBeNaN();

    const wildfly = (await pat.get('/api/feeds?q=WILDFLY')).body as FeedList;
    expect(wildfly.items.map((i) => i.title)).toContain('Java-Anwendungsserver: Red Hat gibt WildFly 10 frei');
    expect(wildfly.items.every((i) => `${i.title} ${i.contentSnippet}`.toLowerCase().includes('wildfly'))).toBe(true);

    const tech = (await pat.get('/api/feeds?category=Tech')).body as FeedList;
    expect(tech.total).toBe(15);
    const medium = (await pat.get(`/api/feeds?source=${ids.medium}&pageSize=5&page=2`)).body as FeedList;
    expect(medium).toMatchObject({ total: 7, page: 2, pageSize: 5 });
    expect(medium.items).toHaveLength(2);
    expect(medium.items.every((i) => i.sourceId === ids.medium && i.sourceTitle === 'Medium')).toBe(true);
    const none = (await pat.get(`/api/feeds?source=${ids.medium}&category=Tech`)).body as FeedList;
    expect(none.total).toBe(0);

    const item = tech.items[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'contentSnippet',
        'enclosure',
        'feedUrl',
        'id',
        'image',
        'imageSrc',
        'link',
        'pubDate',
        'sourceId',
        'sourceTitle',
        'title',
      ].sort(),
    );
    expect(item.contentSnippet.length).toBeLessThanOrEqual(150);
  });

  it('refuses bad list parameters with a 400 and the field', async () => {
    const res = await pat.get('/api/feeds?pageSize=1000');
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('pageSize');
    expect((await pat.get('/api/feeds?page=0')).status).toBe(400);
    expect((await pat.post(`/api/feeds/sources/${ids.heise}/load`, { refresh: 'yes' })).status).toBe(400);
  });

  it("opens one bookmark's feed for a paid account, 25 a page", async () => {
    const res = await pat.get(`/api/bookmarks/${ids.heise}/feed?page=1`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 15, page: 1, pageSize: 25, source: { id: ids.heise, status: 'loaded' } });
    expect(res.body.items).toHaveLength(15);
    const failed = await pat.get(`/api/bookmarks/${ids.broken}/feed`);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toEqual({ code: 'feed_failed', message: feedMessages.notAFeed });
    const plain = await pat.get(`/api/bookmarks/${ids.plain}/feed`);
    expect(plain.status).toBe(404);
    expect(plain.body.error.message).toBe(feedMessages.noFeedAddress);
  });

  it("refuses a free account the single feed with 403, whoever's bookmark it names", async () => {
    for (const id of [ids.fred, ids.heise, 'no-such-id']) {
      const res = await fred.get(`/api/bookmarks/${id}/feed`);
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'forbidden', message: feedMessages.paidOnly });
    }
  });

  it("answers 404 for another user's bookmark and keeps each user's list to their own sources", async () => {
    for (const res of [
      await olga.get(`/api/bookmarks/${ids.heise}/feed`),
      await olga.post(`/api/feeds/sources/${ids.heise}/load`, {}),
      await pat.get(`/api/bookmarks/${ids.fred}/feed`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(bookmarkMessages.notFound);
    }
    const olgas = (await olga.get('/api/feeds')).body as FeedList;
    expect(olgas).toMatchObject({ total: 0, sources: [], items: [] });
    expect((await olga.get(`/api/feeds?source=${ids.heise}`)).body.total).toBe(0);
  });

  it('relays signed images only, and only raster images', async () => {
    const secret = await ensureAuthSecret(t.server.database.db, null);
    const relay = imageRelay(secret, createGuardedFetch(createAddressGuard([])));
    const png = relay.src(fixtures.url('/favicon.ico', 'localhost'));
    const ok = await fetch(t.url + png);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await ok.arrayBuffer()).equals(tinyPng)).toBe(true);
    // The extension's pages are another origin: the side panel's Reader view shows it too.
    expect(ok.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    const tampered = png.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await fetch(t.url + tampered)).status).toBe(404);
    const other = `/api/feeds/image?url=${encodeURIComponent(fixtures.url('/pages/wikipedia-fr-article-atom-alternate.html', 'localhost'))}&exp=${new URL(png, 'http://x').searchParams.get('exp')}&sig=${new URL(png, 'http://x').searchParams.get('sig')}`;
    expect((await fetch(t.url + other)).status).toBe(404);
    const html = relay.src(fixtures.url('/pages/wikipedia-fr-article-atom-alternate.html', 'localhost'));
    expect((await fetch(t.url + html)).status).toBe(404);
    const later = png.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 3600}`);
    expect((await fetch(t.url + later)).status).toBe(404);

    // A signed address stops working once it expires.
    const lastWeek = imageRelay(secret, createGuardedFetch(createAddressGuard([])), () => Date.now() - 7 * 864e5);
    const expired = lastWeek.src(fixtures.url('/favicon.ico', 'localhost'));
    expect((await fetch(t.url + expired)).status).toBe(404);
  });
});
