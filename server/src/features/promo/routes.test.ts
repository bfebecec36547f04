import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { advertInput, newAdmin, newUser } from '../../testing/adverts.js';
import { approvedPage, postContent } from '../../testing/promo.js';

const notFound = { code: 'not_found', message: m.notFound };
const notSignedIn = { code: 'unauthenticated', message: m.notAuthenticated };
const locked = (page = 1) => ({ items: [], total: 0, page, pageSize: 5, locked: true });

/** A request sent byte for byte: fetch would resolve '..' and '%2e%2e' before they left. */
function raw(t: TestServer, method: string, p: string, headers: Record<string, string> = {}) {
  const { port } = new URL(t.url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: p, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(testDialects)('promo pages on %s', (dialect) => {
  let t: TestServer;
  let admin: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    admin = (await newAdmin(t)).agent;
  });
  afterAll(() => t?.close());

  it('serves an approved page to anyone, and says who is looking', async () => {
    const { owner, advert, path } = await approvedPage(t, admin, 'Rye Bakery');
    const visitor = await newUser(t, 'Vic');
    const anon = await t.agent().get(path);
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({
      advert: { ...advert, ownerId: owner.id },
      followers: 0,
      following: false,
      isOwner: false,
    });
    expect(anon.body.advert.summary).toBe(advert.summary);
    expect((await owner.agent.get(path)).body).toMatchObject({ isOwner: true, following: false, followers: 0 });
    await visitor.agent.post(`${path}/follow`);
    expect((await visitor.agent.get(path)).body).toMatchObject({ isOwner: false, following: true, followers: 1 });
  });

  it('answers 404 for a pending advert, even to its owner, and for unknown slugs', async () => {
    const owner = await newUser(t, 'Pam');
    const created = await owner.agent.post('/api/adverts', advertInput('Pending Place'));
    for (const agent of [owner.agent, t.agent()]) {
      for (const p of ['/api/promo/pending-place', '/api/promo/pending-place/followers', '/api/promo/no-such-page']) {
        const res = await agent.get(p);
        expect([p, res.status, res.body.error]).toEqual([p, 404, notFound]);
      }
    }
    const follow = await (await newUser(t, 'Flo')).agent.post('/api/promo/pending-place/follow');
    expect([follow.status, follow.body.error]).toEqual([404, notFound]);
    const post = await owner.agent.post('/api/promo/pending-place/posts', { title: 'Hi', content: postContent() });
    expect([post.status, post.body.error]).toEqual([404, notFound]);
    expect(created.status).toBe(201);
  });

  it('answers 404, never 500, for slugs with path tricks', async () => {
    const { slug } = await approvedPage(t, admin, 'Tricky Shop');
    const user = await newUser(t, 'Tom');
    const login = await t.agent().post('/api/auth/login?mode=token', { email: user.email, password: 'Passw0rd!' });
    const bearer = { authorization: `Bearer ${login.body.token}` };
    const tricks = [
      '..',
      '%2e%2e',
      '%2E%2E',
      '.%2e',
      `${slug}%2F..`,
      'a%2Fb',
      '%2F..%2F..%2Fetc%2Fpasswd',
      '..%5C..%5Cwindows',
      `${slug}%00`,
      `${slug}%20`,
      'x'.repeat(5000),
      `${slug}-${'a'.repeat(200)}`,
      'caf%C3%A9',
      '%E2%80%AE' + slug,
      'TRICKY-SHOP',
      `${slug}%3Fsource%3Dqr`,
    ];
    for (const trick of tricks) {
      for (const suffix of ['', '/followers', '/posts', '/stats']) {
        const res = await raw(t, 'GET', `/api/promo/${trick}${suffix}`, bearer);
        expect([trick, suffix, res.status, res.body.error]).toEqual([trick, suffix, 404, notFound]);
      }
      const follow = await raw(t, 'POST', `/api/promo/${trick}/follow`, bearer);
      expect([trick, follow.status, follow.body.error]).toEqual([trick, 404, notFound]);
    }
    for (const broken of ['%E0%A4%A', '%', '%zz']) {
      for (const suffix of ['', '/followers', '/posts']) {
        const res = await raw(t, 'GET', `/api/promo/${broken}${suffix}`);
        expect([broken, suffix, res.status, res.body.error]).toEqual([broken, suffix, 404, notFound]);
      }
    }
    expect((await raw(t, 'GET', `/api/promo/${slug}`)).status).toBe(200);
  });

  it('asks for a sign-in to follow, unfollow, post or read the figures', async () => {
    const { path } = await approvedPage(t, admin, 'Locked Doors');
    const anon = t.agent();
    for (const [method, p] of [
      ['POST', `${path}/follow`],
      ['DELETE', `${path}/follow`],
      ['POST', `${path}/posts`],
      ['GET', `${path}/stats`],
      ['POST', '/api/promo/no-such-page/follow'],
    ] as const) {
      const res = await anon.request(method, p, method === 'GET' ? undefined : { title: 'x', content: 'y' });
      expect([method, p, res.status, res.body.error]).toEqual([method, p, 401, notSignedIn]);
    }
  });

  it("follows once however often it is asked, never one's own page, and unfollows once", async () => {
    const { owner, path } = await approvedPage(t, admin, 'Follow Me');
    const [ann, bob] = await Promise.all([newUser(t, 'Ann'), newUser(t, 'Bob')]);
    const first = await ann.agent.post(`${path}/follow`);
    expect([first.status, first.body]).toEqual([200, { following: true, followers: 1 }]);
    expect((await ann.agent.post(`${path}/follow`)).body).toEqual({ following: true, followers: 1 });
    const atOnce = await Promise.all(Array.from({ length: 6 }, () => bob.agent.post(`${path}/follow`)));
    expect(atOnce.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect((await t.agent().get(`${path}/followers`)).body).toEqual({ count: 2 });

    const own = await owner.agent.post(`${path}/follow`);
    expect([own.status, own.body.error]).toEqual([400, { code: 'own_page', message: m.ownPage }]);
    const ownOff = await owner.agent.delete(`${path}/follow`);
    expect([ownOff.status, ownOff.body.error]).toEqual([404, { code: 'no_follower', message: m.noFollower }]);

    const off = await ann.agent.delete(`${path}/follow`);
    expect([off.status, off.body]).toEqual([200, { following: false, followers: 1 }]);
    const again = await ann.agent.delete(`${path}/follow`);
    expect([again.status, again.body.error]).toEqual([404, { code: 'no_follower', message: m.noFollower }]);
    const twiceAtOnce = await Promise.all([bob.agent.delete(`${path}/follow`), bob.agent.delete(`${path}/follow`)]);
    expect(twiceAtOnce.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await owner.agent.get(path)).body.followers).toBe(0);
  });

  it('gives everyone the follower count and only the owner the names, newest first', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Busy Corner');
    const cy = await newUser(t, 'Cy');
    const di = await newUser(t, 'Di');
    await cy.agent.post(`${path}/follow`);
    await di.agent.post(`${path}/follow`);
    await di.agent.patch('/api/profile', { displayName: 'Diana' });
    for (const agent of [t.agent(), cy.agent, (await newUser(t, 'Ed')).agent]) {
      expect((await agent.get(`${path}/followers`)).body).toEqual({ count: 2 });
    }
    const list = await owner.agent.get(`${path}/followers`);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((f: { name: string }) => f.name)).toEqual(['Diana', 'Cy']);
    expect(new Date(list.body.items[0].since).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers 'advert_user_id is required' to follower calls without a page", async () => {
    const u = await newUser(t, 'Gus');
    const required = { code: 'invalid', message: m.advertUserIdRequired, field: 'slug' };
    for (const [agent, method, p] of [
      [t.agent(), 'GET', '/api/promo/%20/followers'],
      [u.agent, 'GET', '/api/promo/%20%20/followers'],
      [u.agent, 'DELETE', '/api/promo/%20/follow'],
      [u.agent, 'POST', '/api/promo/%20/follow'],
    ] as const) {
      const res = await agent.request(method, p, method === 'POST' ? {} : undefined);
      expect([p, res.status, res.body.error]).toEqual([p, 400, required]);
    }
  });

  it('sends posts to the owner and followers only; anyone else gets a locked, empty page from the API', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Secret Recipes');
    const [fan, stranger] = await Promise.all([newUser(t, 'Fan'), newUser(t, 'Stan')]);
    await fan.agent.post(`${path}/follow`);
    const first = await owner.agent.post(`${path}/posts`, { title: 'First', content: postContent('One') });
    const second = await owner.agent.post(`${path}/posts`, { title: '  Second  ', content: postContent('Two') });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual({
      id: expect.any(String),
      title: 'Second',
      content: '<h2>News</h2><p>Two</p><ul><li>Rye</li></ul>',
      createdAt: expect.any(String),
    });
    for (const agent of [owner.agent, fan.agent]) {
      const res = await agent.get(`${path}/posts`);
      expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 5, locked: false });
      expect(res.body.items.map((p: { id: string }) => p.id).sort()).toEqual([first.body.id, second.body.id].sort());
    }
    expect((await stranger.agent.get(`${path}/posts`)).body).toEqual(locked());
    expect((await t.agent().get(`${path}/posts?page=2`)).body).toEqual(locked(2));
    // Unfollowing locks the posts again.
    await fan.agent.delete(`${path}/follow`);
    expect((await fan.agent.get(`${path}/posts`)).body).toEqual(locked());
    const bad = await owner.agent.get(`${path}/posts?page=0`);
    expect([bad.status, bad.body.error.field]).toEqual([400, 'page']);
  });

  it('pages posts five at a time, newest first', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Many Posts');
    const fan = await newUser(t, 'Fay');
    await fan.agent.post(`${path}/follow`);
    // Twelve posts are past the per-minute limit, so they are written as the service writes them.
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    await t.server.database.db
      .insertInto('promo_post')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          id: `post-${dialect}-${i + 1}`,
          user_id: owner.id,
          title: `Post ${i + 1}`,
          content: `<p>Text ${i + 1}</p>`,
          content_text: `Text ${i + 1}`,
          created_at: new Date(start + i * 60_000).toISOString(),
        })),
      )
      .execute();
    const titles = async (agent: Agent, page: number) => {
      const res = await agent.get(`${path}/posts?page=${page}`);
      expect(res.body).toMatchObject({ total: 12, page, pageSize: 5, locked: false });
      return res.body.items.map((p: { title: string }) => p.title);
    };
    for (const agent of [owner.agent, fan.agent]) {
      expect(await titles(agent, 1)).toEqual(['Post 12', 'Post 11', 'Post 10', 'Post 9', 'Post 8']);
      expect(await titles(agent, 2)).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']);
      expect(await titles(agent, 3)).toEqual(['Post 2', 'Post 1']);
      expect(await titles(agent, 4)).toEqual([]);
    }
    // A new post comes first.
    await owner.agent.post(`${path}/posts`, { title: 'Newest', content: postContent() });
    expect((await fan.agent.get(`${path}/posts`)).body.items[0].title).toBe('Newest');
  });

  it('lets only the owner write posts (403 for followers and others)', async () => {
    const { path } = await approvedPage(t, admin, 'Owner Only');
    const other = await approvedPage(t, admin, 'Other Owner');
    const fan = await newUser(t, 'Hal');
    await fan.agent.post(`${path}/follow`);
    for (const agent of [fan.agent, other.owner.agent, (await newUser(t, 'Ida')).agent]) {
      const res = await agent.post(`${path}/posts`, { title: 'Mine now', content: postContent() });
      expect([res.status, res.body.error]).toEqual([403, { code: 'forbidden', message: m.ownerOnly }]);
      // An invalid body is refused for the same reason: a non-owner learns nothing about the rules.
      const invalid = await agent.post(`${path}/posts`, { title: '' });
      expect([invalid.status, invalid.body.error.code]).toEqual([403, 'forbidden']);
    }
    const fanView = await fan.agent.get(`${path}/posts`);
    expect(fanView.body.total).toBe(0);
  });
});
