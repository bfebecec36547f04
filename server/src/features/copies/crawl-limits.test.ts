import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';

// Issue 30: the crawler refuses what it must without harm (a page over its size cap, a page that
// never answers in time) and reads at most CRAWL_BUDGET pages of one account an hour.
describe.each(testDialects)('the crawler’s limits on %s', (dialect) => {
  let fixtures: FixtureServer;
  let t: TestServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer(
      dialect,
      { CRAWL: 'on', FETCH_ALLOW_HOSTS: 'localhost', CRAWL_BUDGET: '2' },
      // bbc-1.html (264 kB) is over this cap, ars-1.html (56 kB) under it.
      { crawlLimits: { maxBytes: 200_000, timeoutMs: 1000 }, crawlSitePauseMs: 10 },
    );
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  const account = async (email: string) => {
    const agent = t.agent();
    await agent.seedAccount(email);
    return agent;
  };
  const save = async (agent: Agent, path: string) => {
    const res = await agent.post('/api/bookmarks', {
      link: fixtures.url(path, 'localhost'),
      title: `Saved ${path}`,
      category: 'Reading',
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const readState = async (id: string) =>
    (
      await t.server.database.db
        .selectFrom('bookmark')
        .select('read_state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).read_state;
  const requestsFor = (url: string) => fixtures.requests.filter((r) => r.url === url).length;

  it('refuses a page over the size cap without harm: read once, no copy, the bookmark as saved, the next page read', async () => {
    const a = await account('oversized@example.com');
    const big = await save(a, '/articles/bbc-1.html?oversized');
    const next = await save(a, '/articles/ars-1.html?after-oversized');
    await t.server.worker.idle();

    expect((await a.get(`/api/bookmarks/${big}/copy`)).status).toBe(404);
    expect(await readState(big)).toBe('none');
    // Too large is a lasting refusal: not tried again.
    expect(requestsFor('/articles/bbc-1.html?oversized')).toBe(1);
    const bookmark = await a.get(`/api/bookmarks/${big}`);
    expect(bookmark.status).toBe(200);
    expect(bookmark.body.title).toBe('Saved /articles/bbc-1.html?oversized');
    expect(bookmark.body.link).toBe(fixtures.url('/articles/bbc-1.html?oversized', 'localhost'));

    const copy = await a.get(`/api/bookmarks/${next}/copy`);
    expect(copy.status).toBe(200);
    expect(copy.body.wordCount).toBeGreaterThan(300);
  });

  it('puts off a page that never answers in time after a second try, without harm to the bookmark or the next page', async () => {
    const a = await account('slow@example.com');
    // The page would answer after 10 s; the crawler waits 1 s here (15 s by default).
    const slow = await save(a, '/articles/heise.html?delay=10000&slow');
    const next = await save(a, '/articles/ars-1.html?after-slow');
    await t.server.worker.idle();

    expect((await a.get(`/api/bookmarks/${slow}/copy`)).status).toBe(404);
    // Read again in an hour (crawl-retry.test.ts follows such a page to the end).
    expect(await readState(slow)).toBe('later');
    expect(requestsFor('/articles/heise.html?delay=10000&slow')).toBe(2);
    expect((await a.get(`/api/bookmarks/${slow}`)).status).toBe(200);
    expect((await a.get(`/api/bookmarks/${next}/copy`)).status).toBe(200);
  });

  it('reads at most CRAWL_BUDGET pages of an account an hour; the rest wait, and other accounts are read', async () => {
    const greedy = await account('greedy@example.com');
    const ids = [];
    // Four pages under the size cap.
    for (const path of ['lemonde-1.html?budget', 'ars-1.html?budget', 'heise.html?budget', 'ars-1.html?budget&again'])
      ids.push(await save(greedy, `/articles/${path}`));
    await t.server.worker.idle();

    const states = await Promise.all(ids.map(readState));
    expect(states.filter((s) => s === 'read')).toHaveLength(2);
    expect(states.filter((s) => s === null)).toHaveLength(2);
    expect(fixtures.requests.filter((r) => r.url.includes('?budget'))).toHaveLength(2);

    // Another account has its own budget.
    const other = await account('patient@example.com');
    const theirs = await save(other, '/articles/lemonde-1.html?other-account');
    await t.server.worker.idle();
    expect((await other.get(`/api/bookmarks/${theirs}/copy`)).status).toBe(200);
    // And the spent account's pages still wait for its next hour.
    expect((await Promise.all(ids.map(readState))).filter((s) => s === null)).toHaveLength(2);
  });
});
