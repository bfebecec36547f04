import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, bookmarkMessages, linkHealthRules } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { linkHealthIs } from './repository.js';

const dayMs = 24 * 60 * 60_000;

interface PageSite {
  /** An address of the site by the name 'localhost' (FETCH_ALLOW_HOSTS opens it; 127.0.0.1 stays refused). */
  url(path: string, host?: string): string;
  /** The paths asked for so far, oldest first. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for the sites whose links are checked: /gone* answer 404, /moved redirects to
 * /new-home, /folder to /folder/, /large is 2 MB, /hang never answers; any other path is a page.
 */
async function startPageSite(): Promise<PageSite> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/hang') return;
    if (path === '/moved') return void res.writeHead(301, { location: '/new-home' }).end();
    if (path === '/folder') return void res.writeHead(301, { location: '/folder/' }).end();
    if (path.startsWith('/gone')) return void res.writeHead(404, { 'content-type': 'text/html' }).end('Not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(path === '/large' ? `<title>Large</title>${'<p>words</p>'.repeat(200_000)}` : `<title>${path}</title>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path, host = 'localhost') => `http://${host}:${port}${path}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe.each(testDialects)('link health on %s', (dialect) => {
  let site: PageSite;
  let t: TestServer;
  let owner: Agent;
  let other: Agent;
  // The time the link checks read: tests move it by days.
  let clock = new Date();
  const later = (days: number) => (clock = new Date(clock.getTime() + days * dayMs));

  beforeAll(async () => {
    site = await startPageSite();
    // CRAWL=off: no sweep runs by itself; 'Check now' is the user's request and works regardless.
    t = await startTestServer(
      dialect,
      { CRAWL: 'off', FETCH_ALLOW_HOSTS: 'localhost' },
      { linkHealth: { now: () => clock, random: () => 0, timeoutMs: 1500 } },
    );
    owner = t.agent();
    other = t.agent();
    await owner.seedAccount('health@example.com');
    await other.seedAccount('other-health@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const save = async (agent: Agent, link: string, title = 'A page') => {
    const res = await agent.post('/api/bookmarks', { link, title, category: 'Reading' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const checkNow = async (agent: Agent, id: string) => {
    const res = await agent.post(`/api/bookmarks/${id}/check`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const storedCheck = (id: string) =>
    t.server.database.db.selectFrom('link_check').selectAll().where('bookmark_id', '=', id).executeTakeFirst();

  it('is unchecked before any check, then ok after a page answers 200 at its address', async () => {
    const id = await save(owner, site.url('/article'));
    expect((await owner.get(`/api/bookmarks/${id}/health`)).body).toEqual({
      health: 'unchecked',
      status: null,
      finalUrl: null,
      checkedAt: null,
    });
    const answer = await checkNow(owner, id);
    expect(answer).toEqual({ health: 'ok', status: 200, finalUrl: null, checkedAt: clock.toISOString() });
    expect((await owner.get(`/api/bookmarks/${id}/health`)).body).toEqual(answer);
    // Checked again in a month (no jitter in this test).
    expect((await storedCheck(id))?.next_check_at).toBe(
      new Date(clock.getTime() + linkHealthRules.recheckOkDays * dayMs).toISOString(),
    );
  });

  it('is broken after a 404 twice days apart, failing after one', async () => {
    const id = await save(owner, site.url('/gone-for-good'));
    expect(await checkNow(owner, id)).toMatchObject({ health: 'failing', status: 404, finalUrl: null });
    later(linkHealthRules.brokenAfterDays);
    expect(await checkNow(owner, id)).toEqual({
      health: 'broken',
      status: 404,
      finalUrl: null,
      checkedAt: clock.toISOString(),
    });
    expect(await storedCheck(id)).toMatchObject({ health: 'broken', failures: 2 });
  });

  it('is still failing after a 404 twice within one day', async () => {
    const id = await save(owner, site.url('/gone-today'));
    expect((await checkNow(owner, id)).health).toBe('failing');
    later(0.5);
    expect((await checkNow(owner, id)).health).toBe('failing');
    expect(await storedCheck(id)).toMatchObject({ health: 'failing', failures: 2, status: 404 });
  });

  it('is redirected when the address leads to another page, with where it leads', async () => {
    const id = await save(owner, site.url('/moved'));
    expect(await checkNow(owner, id)).toMatchObject({
      health: 'redirected',
      status: 200,
      finalUrl: site.url('/new-home'),
    });
    // A trailing slash added by the site is the same page.
    const folder = await save(owner, site.url('/folder'));
    expect(await checkNow(owner, folder)).toMatchObject({ health: 'ok', status: 200, finalUrl: null });
  });

  it('reads only the start of a large page: its status is what counts', async () => {
    const id = await save(owner, site.url('/large'));
    expect(await checkNow(owner, id)).toMatchObject({ health: 'ok', status: 200 });
  });

  it('is not made broken by a site that never answers: the timeout is recorded, the health stays', async () => {
    const id = await save(owner, site.url('/hang'));
    expect(await checkNow(owner, id)).toMatchObject({ health: 'unchecked', status: null });
    later(linkHealthRules.brokenAfterDays + 1);
    expect(await checkNow(owner, id)).toMatchObject({ health: 'unchecked', status: null });
    expect(await storedCheck(id)).toMatchObject({ health: 'unchecked', error: 'timeout', failures: 0 });
  });

  it('never fetches a private address: refused, recorded without harm, and the bookmark stands', async () => {
    const id = await save(owner, site.url('/article?private', '127.0.0.1'));
    const before = site.requests.length;
    expect(await checkNow(owner, id)).toMatchObject({ health: 'unchecked', status: null });
    expect(site.requests.length).toBe(before);
    expect(await storedCheck(id)).toMatchObject({ error: 'refused', failures: 0 });
    expect((await owner.get(`/api/bookmarks/${id}`)).status).toBe(200);
  });

  it('answers 401 to nobody, and 404 for another user’s bookmark, whose check is unchanged', async () => {
    const id = await save(owner, site.url('/gone-private'));
    await checkNow(owner, id);
    const stored = await storedCheck(id);
    const asked = site.requests.length;
    later(linkHealthRules.brokenAfterDays);
    for (const [agent, target] of [
      [other, id],
      [other, 'no-such-id'],
      [owner, 'no-such-id'],
    ] as const) {
      for (const res of [
        await agent.post(`/api/bookmarks/${target}/check`),
        await agent.get(`/api/bookmarks/${target}/health`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'not_found', message: bookmarkMessages.notFound });
      }
    }
    const nobody = t.agent();
    for (const res of [
      await nobody.post(`/api/bookmarks/${id}/check`),
      await nobody.get(`/api/bookmarks/${id}/health`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(authMessages.notAuthenticated);
    }
    expect(await storedCheck(id)).toEqual(stored);
    expect(site.requests.length).toBe(asked);
  });

  it('says nothing of a new address: a bookmark moved elsewhere is unchecked until checked there', async () => {
    const id = await save(owner, site.url('/gone-before-the-move'));
    expect((await checkNow(owner, id)).health).toBe('failing');
    expect((await owner.patch(`/api/bookmarks/${id}`, { link: site.url('/moved-here') })).status).toBe(200);
    expect((await owner.get(`/api/bookmarks/${id}/health`)).body.health).toBe('unchecked');
    expect(await checkNow(owner, id)).toMatchObject({ health: 'ok', status: 200 });
    expect(await storedCheck(id)).toMatchObject({ failures: 0, link: site.url('/moved-here') });
  });

  it('gives the list its filter and its badges: each bookmark under one health, unchecked without a check of its address', async () => {
    const ok = await save(owner, site.url('/filter-ok'));
    const broken = await save(owner, site.url('/gone-filter'));
    const never = await save(owner, site.url('/filter-never'));
    const refused = await save(owner, site.url('/filter-refused', '127.0.0.1'));
    const movedAway = await save(owner, site.url('/gone-filter-moved'));
    await checkNow(owner, ok);
    await checkNow(owner, broken);
    await checkNow(owner, refused);
    await checkNow(owner, movedAway);
    later(linkHealthRules.brokenAfterDays);
    expect((await checkNow(owner, broken)).health).toBe('broken');
    await owner.patch(`/api/bookmarks/${movedAway}`, { link: site.url('/filter-new-address') });

    const ids = [ok, broken, never, refused, movedAway];
    const { db } = t.server.database;
    const under = async (health: 'ok' | 'broken' | 'failing' | 'unchecked') =>
      (
        await db
          .selectFrom('bookmark')
          .select('bookmark.id')
          .where('bookmark.id', 'in', ids)
          .where(linkHealthIs(health))
          .execute()
      )
        .map((r) => r.id)
        .sort();
    expect(await under('ok')).toEqual([ok]);
    expect(await under('broken')).toEqual([broken]);
    expect(await under('failing')).toEqual([]);
    expect(await under('unchecked')).toEqual([never, refused, movedAway].sort());

    const badges = await t.server.linkHealth.healthOf(ids);
    expect(Object.fromEntries([...badges].map(([id, row]) => [id, row.health]))).toEqual({
      [ok]: 'ok',
      [broken]: 'broken',
      [refused]: 'unchecked',
    });

    // Over HTTP: the Broken links filter, alone and with a search, and the rows' badges.
    const listed = async (agent: Agent, query: string) => {
      const res = await agent.get(`/api/bookmarks?${query}&pageSize=200`);
      expect(res.status).toBe(200);
      return res.body.items as { id: string; health?: unknown }[];
    };
    // (An earlier test's link is broken too.)
    const brokenOnes = await listed(owner, 'health=broken');
    expect(brokenOnes).toContainEqual(
      expect.objectContaining({ id: broken, health: { health: 'broken', finalUrl: null } }),
    );
    expect(brokenOnes.every((b) => (b.health as { health: string }).health === 'broken')).toBe(true);
    expect((await listed(owner, 'health=broken&q=filter')).map((b) => b.id)).toEqual([broken]);
    expect((await listed(owner, 'health=ok&q=gone filter')).map((b) => b.id)).toEqual([]);
    expect((await listed(owner, 'health=ok')).map((b) => b.id)).toContain(ok);
    const all = await listed(owner, 'q=filter');
    expect(all.filter((b) => b.health).map((b) => b.id)).toEqual([broken]);
    expect(await listed(other, 'health=broken')).toEqual([]);
    const bad = await owner.get('/api/bookmarks?health=dead');
    expect(bad.status).toBe(400);
  });

  it('a deleted bookmark takes its check with it', async () => {
    const id = await save(owner, site.url('/deleted'));
    await checkNow(owner, id);
    expect((await owner.delete(`/api/bookmarks/${id}`)).status).toBe(200);
    expect(await storedCheck(id)).toBeUndefined();
  });
});

describe.each(testDialects)('link checks in the background on %s', (dialect) => {
  let site: PageSite;
  let t: TestServer;
  let owner: Agent;
  let clock = new Date();
  const later = (hours: number) => (clock = new Date(clock.getTime() + hours * 60 * 60_000));

  beforeAll(async () => {
    site = await startPageSite();
    t = await startTestServer(
      dialect,
      { CRAWL: 'off', FETCH_ALLOW_HOSTS: 'localhost' },
      { linkHealth: { now: () => clock, random: () => 0 } },
    );
    owner = t.agent();
    await owner.seedAccount('sweep@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const health = async (id: string) => (await owner.get(`/api/bookmarks/${id}/health`)).body;
  const save = async (link: string) =>
    (await owner.post('/api/bookmarks', { link, title: 'A page', category: 'Reading' })).body.id as string;

  it('checks new links once they have settled, confirms failures days apart, and re-checks working links a month on', async () => {
    const working = await save(site.url('/working'));
    const dying = await save(site.url('/gone-soon'));

    // Saved just now: left to settle for an hour.
    expect(await t.server.linkHealth.sweep()).toBe(0);
    await t.server.worker.idle();
    expect((await health(working)).health).toBe('unchecked');

    later(2);
    expect(await t.server.linkHealth.sweep()).toBe(2);
    // A second sweep before the jobs ran queues nothing twice.
    await t.server.linkHealth.sweep();
    await t.server.worker.idle();
    expect(await health(working)).toMatchObject({ health: 'ok', checkedAt: clock.toISOString() });
    expect((await health(dying)).health).toBe('failing');
    expect(site.requests.filter((p) => p === '/gone-soon')).toHaveLength(1);

    // A day on, the failing link is not due yet: its confirming check comes brokenAfterDays after the first.
    later(24);
    expect(await t.server.linkHealth.sweep()).toBe(0);
    later((linkHealthRules.brokenAfterDays - 1) * 24);
    expect(await t.server.linkHealth.sweep()).toBe(1);
    await t.server.worker.idle();
    expect((await health(dying)).health).toBe('broken');
    expect(site.requests.filter((p) => p === '/gone-soon')).toHaveLength(2);

    const checkedAt = (await health(working)).checkedAt;
    later(linkHealthRules.recheckOkDays * 24);
    await t.server.linkHealth.sweep();
    await t.server.worker.idle();
    expect((await health(working)).checkedAt).not.toBe(checkedAt);
    expect((await health(working)).checkedAt).toBe(clock.toISOString());
  });
});
