import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { fetchMessages } from '../../integrations/page-fetch/address-guard.js';

describe('page preview through the guarded fetcher', () => {
  let fixtures: FixtureServer;
  let strict: TestServer;
  let open: TestServer;
  let a: Agent;
  let b: Agent;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    strict = await startTestServer('sqlite');
    // Tests open the fixture server by the name 'localhost' only: bare addresses stay refused.
    open = await startTestServer('sqlite', { FETCH_ALLOW_HOSTS: 'localhost' });
    a = strict.agent();
    b = open.agent();
    await a.seedAccount('strict@example.com');
    await b.seedAccount('open@example.com');
  });
  afterAll(async () => {
    await strict?.close();
    await open?.close();
    await fixtures?.close();
  });

  it('reads the title and the relative RSS address of a page', async () => {
    const res = await b.post('/api/pages/preview', {
      url: fixtures.url('/pages/firefox-feeds-test-page-rss-relative.html', 'localhost'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: 'Feeds test page',
      rssFeed: fixtures.url('/pages/test-feed.xml', 'localhost'),
      screenshot: false,
    });
  });

  it('cuts a long title to 50 and finds an Atom feed', async () => {
    const res = await b.post('/api/pages/preview', {
      url: fixtures.url('/pages/wikipedia-fr-article-atom-alternate.html', 'localhost'),
    });
    expect(res.body.title).toBe('Miniflux — Wikipédia');
    expect(res.body.rssFeed).toBe(
      fixtures.url('/w/index.php?title=Sp%C3%A9cial:Modifications_r%C3%A9centes&feed=atom', 'localhost'),
    );
  });

  it.each(['http://127.0.0.1/', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/'])(
    'refuses %s',
    async (url) => {
      const res = await a.post('/api/pages/preview', { url });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'fetch_refused', message: fetchMessages.blocked, field: 'url' });
    },
  );

  it('refuses the fixture server when it is not allowed, and a redirect to a private address when it is', async () => {
    expect(
      (
        await a.post('/api/pages/preview', {
          url: fixtures.url('/pages/firefox-feeds-test-page-rss-relative.html', 'localhost'),
        })
      ).status,
    ).toBe(400);
    for (const to of [
      fixtures.url('/pages/firefox-feeds-test-page-rss-relative.html'),
      'http://169.254.169.254/',
      'http://10.0.0.1/',
    ]) {
      const res = await b.post('/api/pages/preview', {
        url: fixtures.url(`/redirect?to=${encodeURIComponent(to)}`, 'localhost'),
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(fetchMessages.blocked);
    }
  });

  it('answers a missing page with no title rather than an error page title', async () => {
    const res = await b.post('/api/pages/preview', { url: fixtures.url('/pages/missing.html', 'localhost') });
    expect(res.body).toEqual({ title: null, rssFeed: null, screenshot: false });
  });

  it('validates the address and asks for sign-in', async () => {
    expect((await b.post('/api/pages/preview', { url: 'nope' })).status).toBe(400);
    expect((await strict.agent().post('/api/pages/preview', { url: 'https://example.com' })).status).toBe(401);
  });
});
