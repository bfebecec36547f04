import { copyMessages } from '@linkhive/shared/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { laterWaitsMs } from './crawler.js';

const hour = 60 * 60_000;

// Issue 30: a page whose site fails when it is saved (down, a 5xx, a robots.txt that cannot be
// read) is read again later, after an hour, six and a day, instead of never; the crawler's clock is
// moved here, not waited for.
describe.each(testDialects)('pages whose site failed, on %s', (dialect) => {
  let fixtures: FixtureServer;
  let t: TestServer;
  let clock = new Date('2026-11-29T12:00:00.000Z');
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    t = await startTestServer(
      dialect,
      { CRAWL: 'on', FETCH_ALLOW_HOSTS: 'localhost' },
      { crawlSitePauseMs: 10, crawlNow: () => clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
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
  const stateOf = (id: string) =>
    t.server.database.db
      .selectFrom('bookmark')
      .select(['read_state', 'read_at', 'read_failures'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const requestsFor = (path: string) => fixtures.requests.filter((r) => r.url === path).length;

  it('reads a page saved while its site was down once the site is back and its hour has passed', async () => {
    const a = await account('site-down@example.com');
    // The whole site answers 503, its robots.txt too: the crawler may read nothing of it yet.
    fixtures.down(503);
    const id = await save(a, '/articles/lemonde-1.html?down');
    await t.server.worker.idle();
    expect(await stateOf(id)).toEqual({
      read_state: 'later',
      read_at: new Date(clock.getTime() + hour).toISOString(),
      read_failures: 1,
    });
    // Tried twice in its turn, each time stopped at robots.txt: the page itself was never asked for.
    expect(requestsFor('/robots.txt')).toBe(2);
    expect(requestsFor('/articles/lemonde-1.html?down')).toBe(0);
    // The Reader is told the site failed and that it is tried again, not only "no copy yet".
    const waiting = await a.get(`/api/bookmarks/${id}/copy`);
    expect(waiting.status).toBe(404);
    expect(waiting.body.error).toMatchObject({ code: 'read_later', message: copyMessages.siteFailed });
    // Another user learns nothing of it: the plain 404 of a bookmark that is not theirs.
    const stranger = await account('stranger-to-site-down@example.com');
    expect((await stranger.get(`/api/bookmarks/${id}/copy`)).body.error).toMatchObject({ code: 'not_found' });

    // Back up, but the hour has not passed: the page waits.
    fixtures.down(null);
    later(hour - 60_000);
    await t.server.worker.idle();
    expect((await stateOf(id)).read_state).toBe('later');
    expect(requestsFor('/articles/lemonde-1.html?down')).toBe(0);

    later(60_000);
    await t.server.worker.idle();
    expect(await stateOf(id)).toMatchObject({ read_state: 'read', read_failures: null });
    const copy = await a.get(`/api/bookmarks/${id}/copy`);
    expect(copy.status).toBe(200);
    expect(copy.body.lang).toBe('fr');
    expect(requestsFor('/articles/lemonde-1.html?down')).toBe(1);
  });

  it('waits an hour, six hours and a day for a page that keeps failing, then keeps the bookmark without a copy', async () => {
    const a = await account('always-failing@example.com');
    const failing = '/articles/heise.html?status=503';
    const id = await save(a, failing);
    const next = await save(a, '/articles/ars-1.html?after-failing');
    await t.server.worker.idle();
    // The next page is read meanwhile.
    expect((await a.get(`/api/bookmarks/${next}/copy`)).status).toBe(200);

    for (const [turn, wait] of laterWaitsMs.entries()) {
      expect(await stateOf(id)).toEqual({
        read_state: 'later',
        read_at: new Date(clock.getTime() + wait).toISOString(),
        read_failures: turn + 1,
      });
      expect(requestsFor(failing)).toBe(2 * (turn + 1));
      later(wait);
      await t.server.worker.idle();
    }
    expect(await stateOf(id)).toMatchObject({ read_state: 'none', read_failures: laterWaitsMs.length + 1 });
    expect(requestsFor(failing)).toBe(2 * (laterWaitsMs.length + 1));
    // Given up, it is asked for no more, and the bookmark stands as saved.
    later(laterWaitsMs.at(-1)!);
    await t.server.worker.idle();
    expect(requestsFor(failing)).toBe(2 * (laterWaitsMs.length + 1));
    const bookmark = await a.get(`/api/bookmarks/${id}`);
    expect(bookmark.status).toBe(200);
    expect(bookmark.body.title).toBe(`Saved ${failing}`);
    // Given up: no copy, and no promise of another try.
    expect((await a.get(`/api/bookmarks/${id}/copy`)).body.error).toMatchObject({
      code: 'not_found',
      message: copyMessages.noCopy,
    });
  });

  it('gives a page its due at once when its address changes, and a page that is not there (404) none for good', async () => {
    const a = await account('moved-page@example.com');
    const id = await save(a, '/articles/bbc-1.html?status=502');
    const gone = await save(a, '/articles/no-such-article.html');
    await t.server.worker.idle();
    expect(await stateOf(id)).toMatchObject({ read_state: 'later', read_failures: 1 });
    expect(await stateOf(gone)).toMatchObject({ read_state: 'none', read_failures: null });
    expect(requestsFor('/articles/no-such-article.html')).toBe(1);

    // A new address is a new page: read now, its failures forgotten.
    const res = await a.patch(`/api/bookmarks/${id}`, {
      link: fixtures.url('/articles/bbc-1.html?moved', 'localhost'),
    });
    expect(res.status).toBe(200);
    await t.server.worker.idle();
    expect(await stateOf(id)).toMatchObject({ read_state: 'read', read_failures: null });
    expect((await a.get(`/api/bookmarks/${id}/copy`)).status).toBe(200);
  });
});
