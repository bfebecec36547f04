import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookmarkMessages, recommendationMessages } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newUser } from '../../testing/adverts.js';
import { grant, type TestUser } from '../../testing/groups.js';
import { aiFakeEnv, localFake, sampleItems, startAiFake, type AiFake } from '../../testing/ai-fakes.js';

let n = 0;
/** A bookmark on a site no other test asked about, so that no cached answer is shared. */
async function bookmarkOn(user: TestUser, host = `shop-${++n}-${Date.now()}.example.com`) {
  const res = await user.agent.post('/api/bookmarks', { link: `https://${host}/`, title: host, category: 'Food' });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, domain: host };
}

describe.each(testDialects)('recommended websites on %s', (dialect) => {
  let t: TestServer;
  let openai: AiFake;
  let gemini: AiFake;
  const local = localFake();
  let paid: TestUser;
  const ask = (user: TestUser, id: string, region = '') =>
    user.agent.get(`/api/bookmarks/${id}/recommendations${region ? `?region=${region}` : ''}`);
  const cacheRow = (domain: string) =>
    t.server.database.db.selectFrom('recommendation_cache').selectAll().where('domain', '=', domain).executeTakeFirst();

  beforeAll(async () => {
    [openai, gemini] = await Promise.all([startAiFake('openai'), startAiFake('gemini')]);
    t = await startTestServer(
      dialect,
      { ...aiFakeEnv(openai, gemini), RECOMMENDATION_TIMEOUT_MS: '3000', RECOMMENDATION_DAILY_LIMIT: '3' },
      { localRecommender: local },
    );
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([openai?.close(), gemini?.close()]);
  });
  beforeEach(async () => {
    // Each test gets a fresh paid user (the daily limit is per account) and answering fakes.
    paid = await newUser(t);
    await grant(t, paid, 'subscriptionPro');
    openai.script({ kind: 'json', items: sampleItems(20, 'oa') });
    gemini.script({ kind: 'json', items: sampleItems(10, 'gm') });
    openai.requests.length = 0;
    gemini.requests.length = 0;
    local.calls.length = 0;
    local.next = [
      { title: 'Local', link: 'https://local.example.net/', displayLink: 'local.example.net', snippet: 'L' },
    ];
  });

  it('asks the first provider with the spec parameters, caches a month, then answers from the cache', async () => {
    const b = await bookmarkOn(paid);
    const res = await ask(paid, b.id, 'GB');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'openai', model: 'gpt-3.5-turbo', cached: false });
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0]).toEqual({
      title: 'Site 1',
      link: 'https://oa-1.example.org/',
      displayLink: 'oa-1.example.org',
      snippet: 'The 1th related site.',
    });
    expect(openai.requests).toHaveLength(1);
    const { body, apiKey } = openai.requests[0]!;
    expect([body.model, body.temperature, body.max_tokens, apiKey]).toEqual([
      'gpt-3.5-turbo',
      0.2,
      4096,
      'sk-test-openai',
    ]);
    expect(body.messages[0].content).toContain(`Recommend 20 websites related to the website "${b.domain}"`);
    expect(body.messages[0].content).toContain('"GB"');
    expect(gemini.requests).toHaveLength(0);

    const row = await cacheRow(b.domain);
    expect(row).toMatchObject({ region: 'gb', source: 'openai', model: 'gpt-3.5-turbo' });
    expect(JSON.parse(row!.results)).toEqual(res.body.items);
    const ttl = Date.parse(row!.expires_at) - Date.parse(row!.created_at);
    expect(ttl).toBe(30 * 24 * 60 * 60_000);

    // Another paid user on the same site and region: the cache answers, no provider is called.
    const other = await newUser(t, 'Bo');
    await grant(t, other, 'subscriptionBusiness');
    const again = await ask(other, (await bookmarkOn(other, b.domain)).id, 'gb');
    expect(again.body).toEqual({ ...res.body, cached: true });
    expect(openai.requests).toHaveLength(1);

    // Expired: the provider is asked again and the record renewed.
    await t.server.database.db
      .updateTable('recommendation_cache')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('domain', '=', b.domain)
      .execute();
    openai.script({ kind: 'json', items: sampleItems(3, 'new') });
    const renewed = await ask(paid, b.id, 'gb');
    expect(renewed.body).toMatchObject({ source: 'openai', cached: false });
    expect(renewed.body.items.map((i: any) => i.displayLink)).toEqual([
      'new-1.example.org',
      'new-2.example.org',
      'new-3.example.org',
    ]);
    expect(openai.requests).toHaveLength(2);
    expect(Date.parse((await cacheRow(b.domain))!.expires_at)).toBeGreaterThan(Date.now());
  });

  it.each([
    ['malformed JSON', { kind: 'text', text: '[{"title": "A", "link": ' }],
    ['an empty array', { kind: 'json', items: [] }],
    ['an invalid entry at index 2', { kind: 'json', items: [...sampleItems(2), { title: 'No link' }] }],
    ['429', { kind: 'status', status: 429 }],
    ['500', { kind: 'status', status: 500 }],
    ['a 10 MB answer', { kind: 'huge', bytes: 10 * 1024 * 1024 }],
  ] as const)('after %s from the first provider, the second answers', async (_name, script) => {
    openai.script(script);
    const b = await bookmarkOn(paid);
    const res = await ask(paid, b.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'gemini', model: 'gemini-1.5-pro', cached: false });
    expect(res.body.items.map((i: any) => i.link)).toEqual(sampleItems(10, 'gm').map((i) => i.link));
    expect(openai.requests).toHaveLength(1);
    expect(gemini.requests).toHaveLength(1);
    const g = gemini.requests[0]!;
    expect(g.path).toBe('/v1beta/models/gemini-1.5-pro:generateContent');
    expect(g.apiKey).toBe('test-gemini-key');
    expect(g.body.generationConfig).toMatchObject({ temperature: 0.2, maxOutputTokens: 8192 });
    expect(JSON.stringify(g.body.contents)).toContain('Recommend 10 websites');
    expect(await cacheRow(b.domain)).toMatchObject({ region: '', source: 'gemini', model: 'gemini-1.5-pro' });
  });

  it('gives a hanging provider the timeout, then asks the second', async () => {
    openai.script({ kind: 'hang' });
    const b = await bookmarkOn(paid);
    const res = await ask(paid, b.id);
    expect(res.body).toMatchObject({ source: 'gemini', cached: false });
    // The hung request was given up, not left open.
    await vi.waitFor(() => expect(openai.aborted).toBe(1));
  });

  it('accepts JSON in prose and code fences from the model', async () => {
    openai.script({
      kind: 'text',
      text: `Here you are:\n\`\`\`json\n${JSON.stringify(sampleItems(2))}\n\`\`\`\nEnjoy!`,
    });
    const res = await ask(paid, (await bookmarkOn(paid)).id);
    expect(res.body).toMatchObject({ source: 'openai' });
    expect(res.body.items).toHaveLength(2);
  });

  it('drops non-http links, duplicates and the user own sites; makes text plain', async () => {
    const own = await bookmarkOn(paid, 'mine.example.org');
    const b = await bookmarkOn(paid);
    openai.script({
      kind: 'json',
      items: [
        { title: 'Bad', link: 'javascript:alert(1)', displayLink: 'x', snippet: 'x' },
        { title: 'Data', link: 'data:text/html,<script>alert(1)</script>', displayLink: 'x', snippet: 'x' },
        { title: 'Mine', link: 'https://www.mine.example.org/page', displayLink: 'x', snippet: 'x' },
        {
          title: '<img src=x onerror=alert(1)>Good <b>site</b>',
          link: 'HTTPS://Good.example.org/',
          displayLink: 'evil.example',
          snippet: '',
          htmlSnippet: '<script>alert(1)</script><b>Bold</b> &amp; plain',
        },
        { title: 'Again', link: 'https://good.example.org', displayLink: 'x', snippet: 'x' },
        { title: 'Long', link: 'https://long.example.org/', displayLink: 'x', snippet: 'y'.repeat(300) },
      ],
    });
    const res = await ask(paid, b.id);
    expect(own.domain).toBe('mine.example.org');
    expect(res.body.items).toEqual([
      {
        title: 'Good site',
        link: 'https://good.example.org/',
        displayLink: 'good.example.org',
        snippet: 'alert(1) Bold & plain',
      },
      {
        title: 'Long',
        link: 'https://long.example.org/',
        displayLink: 'long.example.org',
        snippet: `${'y'.repeat(200)}...`,
      },
    ]);
  });

  it('answers from the local recommender when both providers fail; 502 only when it fails too', async () => {
    openai.script({ kind: 'status', status: 500 });
    gemini.script({ kind: 'noCandidates' });
    const b = await bookmarkOn(paid);
    const res = await ask(paid, b.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: local.next, source: 'local', model: null, cached: false });
    expect(local.calls).toEqual([{ userId: paid.id, domain: b.domain, category: 'Food', count: 10 }]);
    expect(await cacheRow(b.domain)).toBeUndefined();

    local.next = [];
    expect((await ask(paid, b.id)).body).toEqual({ items: [], source: 'local', model: null, cached: false });

    local.next = new Error('database gone');
    const failed = await ask(paid, b.id);
    expect([failed.status, failed.body.error.message]).toEqual([502, recommendationMessages.unavailable]);
  });

  it('is for paid plans only, checked before anything else', async () => {
    const free = await newUser(t, 'Free');
    const b = await bookmarkOn(free);
    for (const id of [b.id, 'no-such-bookmark']) {
      const res = await ask(free, id);
      expect([res.status, res.body.error.message]).toEqual([403, recommendationMessages.paidOnly]);
    }
    expect(openai.requests.length + gemini.requests.length + local.calls.length).toBe(0);
  });

  it("does not tell about another user's bookmark", async () => {
    const other = await newUser(t, 'Cy');
    const theirs = await bookmarkOn(other);
    const res = await ask(paid, theirs.id);
    expect([res.status, res.body.error.message]).toEqual([404, bookmarkMessages.notFound]);
    expect(openai.requests).toHaveLength(0);
  });

  it('past the daily limit of provider calls, answers locally with a notice; cached answers still come', async () => {
    const first = await bookmarkOn(paid);
    for (const b of [first, await bookmarkOn(paid), await bookmarkOn(paid)])
      expect((await ask(paid, b.id)).body.source).toBe('openai');
    const over = await ask(paid, (await bookmarkOn(paid)).id);
    expect(over.body).toEqual({
      items: local.next,
      source: 'local',
      model: null,
      cached: false,
      notice: recommendationMessages.dailyLimit,
    });
    expect(openai.requests).toHaveLength(3);
    expect((await ask(paid, first.id)).body).toMatchObject({ source: 'openai', cached: true });
  });
});
