import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf } from '../bookmarks/repository.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, tinyPng, type FixtureServer } from '../../testing/fixture-server.js';
import { fetchBudget } from '../../http/fetch-budget.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { faviconService } from './service.js';
import { faviconRepository } from './repository.js';

describe.each(testDialects)('site icons through the server on %s', (dialect) => {
  let t: TestServer;
  let fixtures: FixtureServer;
  let ann: Agent;
  let annId: string;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    // The fixture server stands in for sites.
    t = await startTestServer(dialect, { FETCH_ALLOW_HOSTS: 'localhost,127.0.0.1' });
    ann = t.agent();
    annId = (await ann.seedAccount(`icons-${dialect}@example.com`)).user.id;
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  const db = () => t.server.database.db;
  const stored = (domain: string) =>
    db().selectFrom('favicon').selectAll().where('domain', '=', domain).executeTakeFirst();
  const spent = async (userId: string) =>
    (
      await db()
        .selectFrom('rate_limit')
        .select('count')
        .where('key', '=', `budget:favicons:${userId}`)
        .executeTakeFirst()
    )?.count;
  /** Signs in as the extension does: a bearer token, no cookie. */
  const extension = async () => {
    const ext = t.agent();
    const login = await ext.post('/api/auth/login?mode=token', {
      email: `icons-${dialect}@example.com`,
      password: 'Passw0rd!',
    });
    ext.bearer = login.body.token;
    return ext;
  };
  /** A service of its own over the test server's database, with the outside web as a function. */
  const serviceWith = (fetchPage: GuardedFetch, limit = 100) =>
    faviconService(faviconRepository(db()), t.server.files, fetchPage, {
      budget: fetchBudget(db(), { name: `test-${dialect}-${limit}`, limit, windowMs: 60_000 }),
    });

  it('answers a request without a session from the cache alone, until a signed-in user lists the site', async () => {
    // A bookmark stored as an import stores it: the bookmark service never saw it.
    const link = fixtures.url('/pages/wikipedia-fr-article-atom-alternate.html', '127.0.0.1');
    const now = new Date().toISOString();
    await db()
      .insertInto('bookmark')
      .values({
        ...{
          id: `imported-${dialect}`,
          owner: ownerOf(annId),
          title: 'Imported',
          link,
          link_key: link,
          domain: '127.0.0.1',
        },
        ...{ category: 'News', favourite: 0, rss_feed: null, promotor: null, created_at: now, updated_at: now },
        search_title: '',
      })
      .execute();
    fixtures.resetLog();
    const img = () => fetch(`${t.url}/api/favicons/127.0.0.1`);

    const before = await img();
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toContain('image/svg+xml');
    expect(before.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Not kept by the browser: once a lookup finds the icon, the next view shows it.
    expect(before.headers.get('cache-control')).toBe('no-cache');
    expect(await before.text()).toContain('>1</text>');
    await t.server.favicons.settled();
    expect(await stored('127.0.0.1')).toBeUndefined();
    expect(fixtures.requests).toEqual([]);

    // The extension lists with its token; listing fetches nothing, its <img> (no token) then may.
    const ext = await extension();
    expect((await ext.get('/api/bookmarks')).body.items.map((b: { domain: string }) => b.domain)).toContain(
      '127.0.0.1',
    );
    await t.server.favicons.settled();
    expect(fixtures.requests).toEqual([]);
    expect((await img()).headers.get('content-type')).toContain('image/svg+xml');
    await t.server.favicons.settled();
    expect(fixtures.requests.map((r) => r.path)).toEqual(['/favicon.ico']);
    expect(await spent(annId)).toBe(1);

    const after = await img();
    expect(after.headers.get('content-type')).toBe('image/png');
    expect(after.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await after.arrayBuffer()).equals(tinyPng)).toBe(true);
  });

  it("looks the icon up for a signed-in user's request, in the background and charged to their budget", async () => {
    const res = await ann.get('/api/favicons/no-icon.invalid');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.body).toContain('>N</text>');
    await t.server.favicons.settled();
    expect(await stored('no-icon.invalid')).toMatchObject({ status: 'missing', file: null });
    expect(await spent(annId)).toBe(2);
    // The miss is remembered: the next request neither looks again nor pays again.
    const again = await ann.get('/api/favicons/no-icon.invalid');
    expect(again.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await spent(annId)).toBe(2);
  });

  it("lets the extension's <img> show the icon of a site it saved with its token", async () => {
    const ext = await extension();
    fixtures.resetLog();
    const saved = await ext.post('/api/bookmarks', {
      link: fixtures.url('/pages/firefox-feed-discovery-rel-variants.html', 'localhost'),
      title: 'A page',
      category: 'News',
    });
    expect(saved.status).toBe(201);
    expect(saved.body.faviconUrl).toBe('/api/favicons/localhost');
    await fetch(t.url + saved.body.faviconUrl);
    await t.server.favicons.settled();
    expect(fixtures.requests.map((r) => r.path)).toContain('/favicon.ico');
    const img = await fetch(t.url + saved.body.faviconUrl);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(tinyPng)).toBe(true);
  });

  it('refuses what is not a domain name', async () => {
    expect((await fetch(`${t.url}/api/favicons/a%20b`)).status).toBe(400);
  });

  it('keeps icons of private addresses out of reach', async () => {
    const res = await ann.get('/api/favicons/169.254.169.254');
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    await t.server.favicons.settled();
    expect(await stored('169.254.169.254')).toMatchObject({ status: 'missing' });
  });

  it('stops looking up for an account whose budget is spent', async () => {
    const asked: string[] = [];
    const service = serviceWith(async (url) => {
      asked.push(url);
      return { url, status: 200, headers: {}, body: tinyPng };
    }, 1);
    await service.get('first.example.net', 'budget-user');
    await service.get('second.example.net', 'budget-user');
    await service.settled();
    expect(asked).toEqual(['https://first.example.net/favicon.ico']);
    expect((await service.get('second.example.net', 'budget-user')).icon).toBeNull();
  });

  it('sniffs the bytes: a PNG is served as a PNG with a strict policy', async () => {
    // Icons live on port 443 or 80, which tests cannot serve: the outside web is a function here.
    const service = serviceWith(async () => ({ url: '', status: 200, headers: {}, body: tinyPng }));
    expect((await service.get('icons.example.com', annId)).icon).toBeNull();
    await service.settled();
    const { icon } = await service.get('icons.example.com', annId);
    expect(icon?.type).toBe('image/png');
    expect(icon?.body.equals(tinyPng)).toBe(true);
    const res = await fetch(`${t.url}/api/favicons/icons.example.com`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('finds the icon a home page declares when /favicon.ico is missing, and never an SVG', async () => {
    const asked: string[] = [];
    const page = `<html><head><link rel="icon" type="image/svg+xml" href="/icon.svg">
      <link rel="shortcut icon" href="/static/icon.png"></head></html>`;
    const service = serviceWith(async (url) => {
      asked.push(url);
      const path = new URL(url).pathname;
      if (path === '/') return { url, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(page) };
      if (path === '/static/icon.png') return { url, status: 200, headers: {}, body: tinyPng };
      return { url, status: 404, headers: {}, body: Buffer.alloc(0) };
    });
    await service.refresh('declared.example.com');
    const { icon } = await service.get('declared.example.com', null);
    expect(icon?.type).toBe('image/png');
    expect(asked).toContain('https://declared.example.com/static/icon.png');
    expect(asked.some((u) => u.endsWith('.svg'))).toBe(false);
  });
});
