import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, bookmarkMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';

const lookup = (agent: Agent, url: string) => agent.get(`/api/bookmarks/lookup?url=${encodeURIComponent(url)}`);

describe.each(testDialects)('looking a bookmark up by its address on %s', (dialect) => {
  let t: TestServer;
  let ann: Agent;
  let bob: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    ann = t.agent();
    bob = t.agent();
    await ann.seedAccount(`lookup-ann-${dialect}@example.com`);
    await bob.seedAccount(`lookup-bob-${dialect}@example.com`, 'Bob');
  });
  afterAll(() => t?.close());

  it('finds the saved bookmark by the same address rules as the duplicate check', async () => {
    const saved = await ann.post('/api/bookmarks', {
      link: 'https://docs.example.com/guide/',
      title: 'Guide',
      category: 'Reading',
    });
    expect(saved.status).toBe(201);
    for (const url of [
      'https://docs.example.com/guide/',
      'HTTPS://DOCS.example.com/guide',
      ' https://docs.example.com/guide ',
    ]) {
      const res = await lookup(ann, url);
      expect(res.status, url).toBe(200);
      expect(res.body.bookmark, url).toEqual(saved.body);
    }
  });

  it('answers null for an address the user has not saved', async () => {
    const res = await lookup(ann, 'https://docs.example.com/other');
    expect(res).toMatchObject({ status: 200, body: { bookmark: null } });
  });

  it("never shows another user's bookmark", async () => {
    await ann.post('/api/bookmarks', { link: 'https://private.example.com/', title: 'Mine', category: 'Home' });
    expect((await lookup(bob, 'https://private.example.com/')).body).toEqual({ bookmark: null });
    expect((await lookup(ann, 'https://private.example.com/')).body.bookmark.title).toBe('Mine');
  });

  it('refuses what is not a web address with the spec message', async () => {
    for (const [url, message] of [
      ['', m.linkRequired],
      ['javascript:alert(1)', m.linkInvalid],
      ['chrome://extensions', m.linkInvalid],
    ] as const) {
      const res = await lookup(ann, url);
      expect(res.status, url).toBe(400);
      expect(res.body.error).toEqual({ code: 'invalid', message, field: 'url' });
    }
    expect((await ann.get('/api/bookmarks/lookup')).status).toBe(400);
  });

  it('asks for sign-in', async () => {
    const res = await lookup(t.agent(), 'https://docs.example.com/guide/');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(authMessages.notAuthenticated);
  });
});
