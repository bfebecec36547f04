import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeFeedItemLimit, feedMessages, type FeedList } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { feedFixture, feedFixtures, malformedFeed } from '../../testing/feed-fixtures.js';
import { account, addFeedBookmark } from '../../testing/feed-accounts.js';

describe.each(testDialects)('loading RSS sources on %s', (dialect) => {
  let t: TestServer;
  let fixtures: FixtureServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer(dialect, { FETCH_ALLOW_HOSTS: 'localhost' });
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  // The cache is shared by address, so each test names its own addresses.
  let tag = 0;
  const feed = (file: string, extra = '') => fixtures.url(`/feeds/${file}?t=${dialect}${++tag}${extra}`, 'localhost');
  const fetched = (url: string) => fixtures.requests.filter((r) => url.endsWith(r.url));

  it('reads every fixture feed with its item count and first title, and fails only the malformed one', async () => {
    const pat = await account(t, 'Pat', 'subscriptionPro');
    const ids = new Map<string, string>();
    for (const f of [...feedFixtures.map((x) => x.file), malformedFeed])
      ids.set(f, await addFeedBookmark(pat, feed(f)));

    const list = (await pat.get('/api/feeds?pageSize=100')).body as FeedList;
    expect(list.total).toBe(feedFixtures.reduce((n, f) => n + f.items, 0));
    expect(list.limited).toBe(false);
    const broken = list.sources.find((s) => s.id === ids.get(malformedFeed))!;
    expect(broken).toMatchObject({
      status: 'error',
      error: feedMessages.sourceFailed,
      errorDetail: feedMessages.notAFeed,
    });
    expect(list.sources.filter((s) => s.status === 'loaded')).toHaveLength(feedFixtures.length);

    for (const f of feedFixtures) {
      const res = await pat.get(`/api/bookmarks/${ids.get(f.file)}/feed`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(f.items);
      expect(res.body.items[0].title).toBe(f.firstTitle);
      expect(res.body.source).toMatchObject({ status: 'loaded', itemCount: f.items });
    }
  });

  it('limits a free account to the newest 50 items of the sources loaded one by one, with the true total', async () => {
    const fred = await account(t, 'Fred');
    const pat = await account(t, 'Pat', 'subscriptionBusiness');
    const [medium, heise, craigslist] = [
      feed('rss2-content-encoded-medium.xml'),
      feed('rss090-rdf-heise.xml'),
      feed('rss1-rdf-craigslist.xml'),
    ];
    // Loaded newest bookmark first: craigslist (25), heise (60); then 85 >= 50, so medium is skipped.
    const skippedId = await addFeedBookmark(fred, medium);
    await addFeedBookmark(fred, heise);
    await addFeedBookmark(fred, craigslist, { category: 'Homes' });
    fixtures.resetLog();
    const first = (await fred.get('/api/feeds')).body as FeedList;
    expect(first).toMatchObject({ total: freeFeedItemLimit, limited: true, availableTotal: 25 + 60, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.sources.map((s) => s.status)).toEqual(['loaded', 'loaded', 'skipped']);
    expect(fetched(medium)).toHaveLength(0);
    expect(fixtures.maxInFlight()).toBe(1);
    expect((await fred.get('/api/feeds?page=2')).body.items).toHaveLength(25);
    expect((await fred.get('/api/feeds?page=3')).body.items).toHaveLength(0);
    // Filters work inside the 50 a free account sees.
    const homes = (await fred.get('/api/feeds?category=Homes')).body as FeedList;
    expect(homes.total).toBeLessThanOrEqual(freeFeedItemLimit);
    expect(homes.items.every((i) => i.feedUrl === craigslist)).toBe(true);

    // The server keeps the rule for a page that loads source by source too.
    const skipped = await fred.post(`/api/feeds/sources/${skippedId}/load`, { refresh: true });
    expect(skipped.body).toMatchObject({ id: skippedId, status: 'skipped' });
    expect(fetched(medium)).toHaveLength(0);

    // Once anyone has loaded the skipped feed, its remembered count joins the total; still not fetched for Fred.
    await addFeedBookmark(pat, medium);
    await pat.get('/api/feeds');
    const again = (await fred.get('/api/feeds')).body as FeedList;
    expect(again.availableTotal).toBe(25 + 60 + 7);
    expect(again.total).toBe(freeFeedItemLimit);
  });

  it('shows a free account every item when its sources hold no more than 50', async () => {
    const fred = await account(t, 'Fred');
    await addFeedBookmark(fred, feed('rss2-content-encoded-medium.xml'));
    await addFeedBookmark(fred, feed('atom-heise-developer.xml'));
    const list = (await fred.get('/api/feeds')).body as FeedList;
    expect(list).toMatchObject({ total: 22, limited: false, availableTotal: 22 });
  });

  it('loads all sources of a paid account in parallel, and those of a free account one at a time', async () => {
    const pat = await account(t, 'Pat', 'subscriptionEnterprise');
    const fred = await account(t, 'Fred');
    const files = [
      'atom-heise-developer.xml',
      'rss2-content-encoded-medium.xml',
      'podcast-itunes-enclosure-podigee.xml',
    ];
    for (const f of files) await addFeedBookmark(pat, feed(f, '&delay=300'));
    for (const f of files) await addFeedBookmark(fred, feed(f, '&delay=300'));
    fixtures.resetLog();
    expect((await pat.get('/api/feeds')).body.total).toBe(15 + 7 + 1);
    expect(fixtures.maxInFlight()).toBe(3);
    fixtures.resetLog();
    expect((await fred.get('/api/feeds')).body.total).toBe(15 + 7 + 1);
    expect(fixtures.requests).toHaveLength(3);
    expect(fixtures.maxInFlight()).toBe(1);
  });

  it('answers from the cache, and a refresh asks conditionally: 304s and no new parse', async () => {
    const pat = await account(t, 'Pat', 'subscriptionPro');
    const urls = [
      feed('atom-heise-developer.xml'),
      feed('rss2-iso-8859-1-jn.xml'),
      feed('rss2-windows-1251-ibash.xml'),
    ];
    for (const u of urls) await addFeedBookmark(pat, u);
    const cacheRows = () =>
      t.server.database.db.selectFrom('feed_cache').selectAll().where('url', 'in', urls).orderBy('url').execute();

    fixtures.resetLog();
    const cold = (await pat.get('/api/feeds?pageSize=100')).body as FeedList;
    expect(fixtures.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    const parsed = await cacheRows();
    expect(parsed.every((r) => r.parsed_at && r.etag && r.last_modified)).toBe(true);

    fixtures.resetLog();
    expect((await pat.get('/api/feeds?pageSize=100')).body.items).toEqual(cold.items);
    expect(fixtures.requests).toHaveLength(0);

    const refreshed = await pat.post('/api/feeds/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.sources.map((s: { status: string }) => s.status)).toEqual(['loaded', 'loaded', 'loaded']);
    expect((await pat.get('/api/feeds?pageSize=100&refresh=true')).body.items).toEqual(cold.items);
    expect(fixtures.requests.map((r) => r.status)).toEqual([304, 304, 304, 304, 304, 304]);
    const after = await cacheRows();
    expect(after.map((r) => r.parsed_at)).toEqual(parsed.map((r) => r.parsed_at));
    expect(after.map((r) => r.items)).toEqual(parsed.map((r) => r.items));
    expect(after.every((r, i) => r.checked_at >= parsed[i]!.checked_at)).toBe(true);
  });

  it('merges newest first, undated last, and shows an item that two sources carry once', async () => {
    const pat = await account(t, 'Pat', 'subscriptionPro');
    const github = feed('atom-github-commits-media-thumbnail.xml');
    await addFeedBookmark(pat, github);
    await addFeedBookmark(pat, github, { title: 'Same feed again' });
    await addFeedBookmark(pat, feed('atom-github-commits-media-thumbnail.xml'));
    await addFeedBookmark(pat, feed('rss090-rdf-heise.xml'));
    await addFeedBookmark(pat, feed('rss2-bbc-urdu-media-thumbnail-cdata.xml'));
    const list = (await pat.get('/api/feeds?pageSize=100')).body as FeedList;
    const all = [list, (await pat.get('/api/feeds?pageSize=100&page=2')).body as FeedList].flatMap((l) => l.items);
    expect(list.total).toBe(20 + 60 + 26);
    expect(all).toHaveLength(list.total);
    expect(new Set(all.map((i) => i.link)).size).toBe(all.length);
    const dated = all.filter((i) => i.pubDate).map((i) => i.pubDate!);
    expect(dated).toEqual([...dated].sort().reverse());
    expect(all.slice(dated.length).every((i) => i.pubDate === null)).toBe(true);
    expect(all[0]!.title).toBe(feedFixture('atom-github-commits-media-thumbnail.xml').firstTitle);
  });
});
