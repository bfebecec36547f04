import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages, promoLimits, promoMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type Reply, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newAdmin, newUser } from '../../testing/adverts.js';
import { approvedPage, postContent } from '../../testing/promo.js';
import { xssPayloads } from '../../testing/xss-payloads.js';

const paragraphOf = (n: number) => `<p>${'a'.repeat(n)}</p>`;

/**
 * Answers under a fixed-window limit, which may roll over between two calls: each answer says
 * where its window stands, so every stored write must have been within the limit of its window.
 */
function expectLimited(replies: Reply[], limit: number, okStatus: number, message: string) {
  const refused = replies.filter((r) => r.status === 429);
  // 2 × limit + 1 calls within a minute: at least one window saw more than the limit.
  expect(refused.length).toBeGreaterThan(0);
  for (const r of refused) {
    expect(r.body.error).toEqual({ code: 'rate_limited', message });
    expect(r.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  }
  for (const r of replies.filter((x) => x.status !== 429)) {
    expect(r.status).toBe(okStatus);
    const remaining = Number(r.headers.get('ratelimit-remaining'));
    expect(remaining).toBeGreaterThanOrEqual(0);
    expect(remaining).toBeLessThan(limit);
  }
}

const allowed = new Set(['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ol', 'ul', 'li', 'a']);

/** Read as a browser reads it: allowlisted elements only, no attribute but a link's, and links to http(s) or mailto. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<\s*\/?\s*(script|style|iframe|svg|object|embed|meta|form|img|link|base)/i);
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        expect(allowed).toContain(name);
        if (name !== 'a') return expect(attribs).toEqual({});
        expect(Object.keys(attribs).filter((a) => a !== 'href')).toEqual(['target', 'rel']);
        if (attribs.href !== undefined) expect(attribs.href).toMatch(/^(https?:\/\/|mailto:)/i);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
}

describe.each(testDialects)('promo posts on %s', (dialect) => {
  let t: TestServer;
  let admin: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    admin = (await newAdmin(t)).agent;
  });
  afterAll(() => t?.close());

  const storedPosts = async (ownerId: string) =>
    t.server.database.db.selectFrom('promo_post').selectAll().where('user_id', '=', ownerId).execute();

  it('refuses a missing title, empty content and too much text with the rule message, storing nothing', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Rule Book');
    const cases: Array<[object, string, string]> = [
      [{ content: postContent() }, 'title', m.postTitleRequired],
      [{ title: '   ', content: postContent() }, 'title', m.postTitleRequired],
      [{ title: 'x'.repeat(101), content: postContent() }, 'title', m.postTitleTooLong],
      [{ title: 'Hello' }, 'content', m.postContentRequired],
      [{ title: 'Hello', content: '<p></p>' }, 'content', m.postContentRequired],
      [{ title: 'Hello', content: '   \n ' }, 'content', m.postContentRequired],
      [{ title: 'Hello', content: '<p><br></p><p> </p><h1>&nbsp;</h1>' }, 'content', m.postContentRequired],
      [
        { title: 'Hello', content: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
        'content',
        m.postContentRequired,
      ],
      [{ title: 'Hello', content: paragraphOf(promoLimits.postContentMax + 1) }, 'content', m.postContentTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.agent.post(`${path}/posts`, body);
      expect([body, res.status, res.body.error]).toEqual([body, 400, { code: 'invalid', message, field }]);
    }
    expect(await storedPosts(owner.id)).toEqual([]);
  });

  it('takes exactly 10,000 characters of text and refuses markup past the limit or a body past 100 kB', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Long Reads');
    // Plain text is counted, not markup: ten thousand letters in bold paragraphs.
    const max = `<p><strong>${'b'.repeat(5000)}</strong></p><p>${'c'.repeat(5000)}</p>`;
    const ok = await owner.agent.post(`${path}/posts`, { title: 'Max', content: max });
    expect(ok.status).toBe(201);
    const markup = `<p>${'<b>x</b>'.repeat(promoLimits.postHtmlMax / 8 + 1)}</p>`;
    const tooMuch = await owner.agent.post(`${path}/posts`, { title: 'Markup', content: markup });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([
      400,
      { code: 'invalid', message: m.postTooMuchMarkup, field: 'content' },
    ]);
    const megabytes = await owner.agent.post(`${path}/posts`, { title: 'Huge', content: paragraphOf(3_000_000) });
    expect([megabytes.status, megabytes.body.error]).toEqual([
      413,
      { code: 'too_large', message: httpMessages.bodyTooLarge },
    ]);
    expect((await storedPosts(owner.id)).map((p) => p.title)).toEqual(['Max']);
  });

  it('stores and sends only the sanitised copy of XSS payloads', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Script Kiddies');
    const fan = await newUser(t, 'Fan');
    await fan.agent.post(`${path}/follow`);
    // Ten posts (a minute's limit), each with a tenth of the payloads, each payload after a line of text.
    const groups = Array.from({ length: promoLimits.postsPerMinute }, (_, i) =>
      xssPayloads.filter((_p, j) => j % promoLimits.postsPerMinute === i),
    );
    for (const [i, group] of groups.entries()) {
      const content = group.map((p, j) => `<p>Payload ${j}</p>${p.html}`).join('');
      const res = await owner.agent.post(`${path}/posts`, { title: `Payloads ${i}`, content });
      expect([i, res.status]).toEqual([i, 201]);
    }
    const pages = await Promise.all([1, 2].map((page) => fan.agent.get(`${path}/posts?page=${page}`)));
    const sent = pages.flatMap((r) => r.body.items as Array<{ content: string }>);
    const stored = await storedPosts(owner.id);
    expect([stored.length, sent.length]).toEqual([groups.length, groups.length]);
    for (const html of [...stored, ...sent].map((p) => p.content)) expectHarmless(html);
  });

  it('allows 10 posts a minute per account', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Chatty Cafe');
    const limit = promoLimits.postsPerMinute;
    const replies: Reply[] = [];
    for (let i = 0; i < 2 * limit + 1; i++)
      replies.push(await owner.agent.post(`${path}/posts`, { title: `Post ${i}`, content: postContent() }));
    expectLimited(replies, limit, 201, m.tooManyPosts);
    expect(await storedPosts(owner.id)).toHaveLength(replies.filter((r) => r.status === 201).length);
    // Another owner is counted apart.
    const other = await approvedPage(t, admin, 'Quiet Cafe');
    expect((await other.owner.agent.post(`${other.path}/posts`, { title: 'Hi', content: postContent() })).status).toBe(
      201,
    );
  });

  it('allows 30 follows and unfollows a minute per account', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Popular Place');
    const [fickle, steady] = await Promise.all([newUser(t, 'Fick'), newUser(t, 'Stead')]);
    const limit = promoLimits.followsPerMinute;
    const replies: Reply[] = [];
    for (let i = 0; i < 2 * limit + 1; i++) {
      const res = await fickle.agent.request(i % 2 ? 'DELETE' : 'POST', `${path}/follow`);
      // An unfollow after a refused follow finds no entry: that answer is the rule's, not the limit's.
      replies.push(res.status === 404 && res.body.error.code === 'no_follower' ? { ...res, status: 200 } : res);
    }
    expectLimited(replies, limit, 200, m.tooManyFollows);
    expect((await steady.agent.post(`${path}/follow`)).status).toBe(200);
    expect((await owner.agent.get(`${path}/followers`)).body.items.length).toBeGreaterThanOrEqual(1);
  });
});
