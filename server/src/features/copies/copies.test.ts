import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, copyMessages } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { fixturesDir, startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';

const expected = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(fixturesDir, 'articles', `${name}.expected.json`), 'utf8'));

describe.each(testDialects)('readable copies of saved pages on %s', (dialect) => {
  let fixtures: FixtureServer;
  let t: TestServer;
  let owner: Agent;
  let other: Agent;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    // Tests open the fixture server by the name 'localhost' only: bare addresses stay refused.
    t = await startTestServer(dialect, { CRAWL: 'on', FETCH_ALLOW_HOSTS: 'localhost' });
    owner = t.agent();
    other = t.agent();
    await owner.seedAccount('reader@example.com');
    await other.seedAccount('other-reader@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  const save = async (agent: Agent, link: string, title = 'An article') => {
    const res = await agent.post('/api/bookmarks', { link, title, category: 'Reading' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const storedCopies = async () =>
    (await t.server.database.db.selectFrom('bookmark_copy').select('bookmark_id').execute()).map((r) => r.bookmark_id);

  it('reads a saved page after the save and keeps its article: the publisher’s title, byline and language, and its body', async () => {
    const id = await save(owner, fixtures.url('/articles/lemonde-1.html', 'localhost'));
    await t.server.worker.idle();

    const res = await owner.get(`/api/bookmarks/${id}/copy`);
    expect(res.status).toBe(200);
    const meta = expected('lemonde-1');
    expect(res.body).toMatchObject({
      title: meta.title,
      byline: meta.byline,
      siteName: meta.siteName,
      lang: 'fr',
      excerpt: meta.excerpt,
    });
    expect(res.body.wordCount).toBeGreaterThan(1000);
    expect(res.body.html).toContain('Laure de la Raudière');
    expect(res.body.html).not.toMatch(/<script|\sclass=|\sstyle=/);
    expect(new Date(res.body.fetchedAt).getTime()).not.toBeNaN();
    expect(fixtures.requests.filter((r) => r.path === '/articles/lemonde-1.html').map((r) => r.userAgent)).toEqual([
      expect.stringContaining('LinkhiveBot'),
    ]);
  });

  it('answers 404 with its message while there is no copy, and to another user, and 401 to nobody', async () => {
    const missing = await save(owner, fixtures.url('/articles/no-such-article.html', 'localhost'), 'Gone');
    const mine = await save(owner, fixtures.url('/articles/heise.html', 'localhost'), 'Heise');
    await t.server.worker.idle();

    for (const [agent, id] of [
      [owner, missing],
      [other, mine],
      [other, 'no-such-id'],
    ] as const) {
      const res = await agent.get(`/api/bookmarks/${id}/copy`);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: copyMessages.noCopy });
    }
    const copy = (await owner.get(`/api/bookmarks/${mine}/copy`)).body;
    expect(copy.title).toBe(expected('heise').title);
    // Its pictures load through the server's image relay, as the pages' CSP allows no other origin.
    const images = [...copy.html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) expect(src).toMatch(/^\/api\/feeds\/image\?url=https?%3A%2F%2F.+&exp=\d+&sig=/);
    expect(copy.leadImage).toMatch(/^\/api\/feeds\/image\?url=http%3A%2F%2Fwww\.heise\.de%2F/);
    const anonymous = await t.agent().get(`/api/bookmarks/${mine}/copy`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe(authMessages.notAuthenticated);
  });

  it('never reads a private address: the save stands, and there is no copy and no request', async () => {
    fixtures.resetLog();
    const id = await save(owner, fixtures.url('/articles/ars-1.html', '127.0.0.1'), 'Private');
    await t.server.worker.idle();
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).status).toBe(404);
    expect((await owner.get(`/api/bookmarks/${id}`)).status).toBe(200);
    expect(fixtures.requests).toEqual([]);
    expect(await storedCopies()).not.toContain(id);
  });

  it('a new address drops the copy of the old page and reads the new one', async () => {
    const id = await save(owner, fixtures.url('/articles/heise.html?moved', 'localhost'), 'Moved');
    await t.server.worker.idle();
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).body.title).toBe(expected('heise').title);
    const moved = await owner.patch(`/api/bookmarks/${id}`, {
      link: fixtures.url('/articles/ars-1.html', 'localhost'),
    });
    expect(moved.status).toBe(200);
    await t.server.worker.idle();
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).body.title).toBe(expected('ars-1').title);
    // A title alone changes nothing of the copy, and reads nothing again.
    fixtures.resetLog();
    expect((await owner.patch(`/api/bookmarks/${id}`, { title: 'Renamed' })).status).toBe(200);
    await t.server.worker.idle();
    expect(fixtures.requests).toEqual([]);
    expect((await owner.get(`/api/bookmarks/${id}/copy`)).body.title).toBe(expected('ars-1').title);
  });

  it('a deleted bookmark takes its copy with it', async () => {
    const id = await save(owner, fixtures.url('/articles/bbc-1.html', 'localhost'), 'BBC');
    await t.server.worker.idle();
    expect(await storedCopies()).toContain(id);
    expect((await owner.delete(`/api/bookmarks/${id}`)).status).toBe(200);
    expect(await storedCopies()).not.toContain(id);
  });
  describe('with CRAWL=off', () => {
    let fixtures: FixtureServer;
    let t: TestServer;
    beforeAll(async () => {
      fixtures = await startFixtureServer();
      t = await startTestServer(dialect, { CRAWL: 'off', FETCH_ALLOW_HOSTS: 'localhost' });
    });
    afterAll(async () => {
      await t?.close();
      await fixtures?.close();
    });

    it('saves as before and reads no page', async () => {
      const a = t.agent();
      await a.seedAccount('no-crawl@example.com');
      const res = await a.post('/api/bookmarks', {
        link: fixtures.url('/articles/heise.html', 'localhost'),
        title: 'Heise',
        category: 'Reading',
      });
      expect(res.status).toBe(201);
      await t.server.worker.idle();
      expect((await a.get(`/api/bookmarks/${res.body.id}/copy`)).status).toBe(404);
      expect(fixtures.requests.filter((r) => r.path.startsWith('/articles/'))).toEqual([]);
    });
  });
});
