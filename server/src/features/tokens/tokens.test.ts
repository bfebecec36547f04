import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarkMessages, maxApiTokens, tokenMessages } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';

// Issue 32: personal API tokens sign scripts in as their user, on the same save path as the web
// app; they are shown once, kept hashed, scoped to their user, revocable, and optionally read-only.

describe.each(testDialects)('personal API tokens on %s', (dialect) => {
  let t: TestServer;
  let ann: Agent;
  let bob: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect, { CRAWL: 'off' });
    ann = t.agent();
    bob = t.agent();
    await ann.seedAccount(`tokens-ann-${dialect}@example.com`);
    await bob.seedAccount(`tokens-bob-${dialect}@example.com`, 'Bob');
  });
  afterAll(() => t?.close());

  const create = async (a: Agent, name: string, readOnly = false) => {
    const res = await a.post('/api/tokens', { name, readOnly });
    expect(res.status).toBe(201);
    return res.body as {
      id: string;
      name: string;
      token: string;
      readOnly: boolean;
      createdAt: string;
      lastUsedAt: string | null;
    };
  };
  /** A script's request: the token and nothing else, no cookie, no Origin (as curl sends). */
  const script = (token: string, method: string, path: string, body?: unknown) =>
    fetch(t.url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
  const rows = () => t.server.database.db.selectFrom('api_token').selectAll().execute();

  it('answers a new token once; the list and the database never hold it, only its hash', async () => {
    const made = await create(ann, '  Reading script  ');
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Reading script',
      readOnly: false,
      createdAt: expect.any(String),
      lastUsedAt: null,
      token: expect.stringMatching(/^lh_[A-Za-z0-9_-]{43}$/),
    });
    const list = await ann.get('/api/tokens');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { id: made.id, name: 'Reading script', readOnly: false, createdAt: made.createdAt, lastUsedAt: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(made.token);

    const stored = (await rows()).find((r) => r.id === made.id)!;
    expect(stored.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(await rows())).not.toContain(made.token.slice(3));
  });

  it('creates, lists and searches bookmarks as its user, with the duplicate rule of every save', async () => {
    const { token, id } = await create(ann, 'Saver');
    const saved = await script(token, 'POST', '/api/bookmarks', {
      link: 'https://www.kestrel-notes.example.org/tokens?utm_source=cli',
      title: 'Kestrel notes on tokens',
      category: 'Scripts',
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ title: 'Kestrel notes on tokens', category: 'Scripts' });
    // The web app's session sees what the token saved.
    expect((await ann.get(`/api/bookmarks/${saved.body.id}`)).body.link).toBe(saved.body.link);

    const again = await script(token, 'POST', '/api/bookmarks', {
      link: 'http://kestrel-notes.example.org/tokens/',
      title: 'Again',
      category: 'Scripts',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(bookmarkMessages.duplicateLink);

    const found = await script(token, 'GET', '/api/bookmarks?q=kestrel');
    expect(found.status).toBe(200);
    expect(found.body.items.map((b: { id: string }) => b.id)).toEqual([saved.body.id]);
    // Bob's session does not see Ann's bookmark.
    expect((await bob.get(`/api/bookmarks/${saved.body.id}`)).status).toBe(404);

    const used = (await ann.get('/api/tokens')).body.items.find((x: { id: string }) => x.id === id);
    expect(used.lastUsedAt).toEqual(expect.any(String));
  });

  it('a read-only token reads, and is refused every write with nothing changed', async () => {
    const { token, readOnly } = await create(ann, 'Dashboard', true);
    expect(readOnly).toBe(true);
    expect((await script(token, 'GET', '/api/bookmarks')).status).toBe(200);
    const before = (await ann.get('/api/bookmarks?pageSize=100')).body.total;

    const write = await script(token, 'POST', '/api/bookmarks', {
      link: 'https://read-only.example.org/',
      title: 'Nope',
      category: 'Scripts',
    });
    expect(write).toEqual({ status: 403, body: { error: { code: 'forbidden', message: tokenMessages.readOnly } } });
    expect((await script(token, 'DELETE', '/api/trash')).status).toBe(403);
    expect((await script(token, 'PATCH', '/api/profile', { displayName: 'X' })).status).toBe(403);
    expect((await ann.get('/api/bookmarks?pageSize=100')).body.total).toBe(before);
  });

  it('a revoked token gets 401; another user can neither see nor revoke a token', async () => {
    const { token, id } = await create(ann, 'Old laptop');
    expect((await bob.get('/api/tokens')).body.items.map((x: { id: string }) => x.id)).not.toContain(id);
    const bobs = await bob.delete(`/api/tokens/${id}`);
    expect(bobs.status).toBe(404);
    expect(bobs.body.error.message).toBe(tokenMessages.notFound);
    expect((await script(token, 'GET', '/api/auth/me')).status).toBe(200);

    expect((await ann.delete(`/api/tokens/${id}`)).body).toEqual({ ok: true });
    const refused = await script(token, 'GET', '/api/bookmarks');
    expect(refused.status).toBe(401);
    expect((await ann.delete(`/api/tokens/${id}`)).status).toBe(404);
    expect((await rows()).map((r) => r.id)).not.toContain(id);
  });

  it('a token cannot list, make or revoke tokens; only a signed-in session can', async () => {
    const { token, id } = await create(ann, 'Limited');
    for (const [method, path, body] of [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'Another' }],
      ['DELETE', `/api/tokens/${id}`],
    ] as const) {
      const res = await script(token, method, path, body);
      expect(res).toEqual({ status: 403, body: { error: { code: 'forbidden', message: tokenMessages.sessionOnly } } });
    }
    const anon = t.agent();
    expect((await anon.get('/api/tokens')).status).toBe(401);
    expect((await anon.post('/api/tokens', { name: 'x' })).status).toBe(401);
    expect((await anon.delete(`/api/tokens/${id}`)).status).toBe(401);
    expect((await script('lh_not-a-real-token', 'GET', '/api/bookmarks')).status).toBe(401);
  });

  it('refuses a nameless token and one past the limit, creating nothing', async () => {
    const count = async () => (await bob.get('/api/tokens')).body.items.length as number;
    const nameless = await bob.post('/api/tokens', { name: '   ' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.message).toBe(tokenMessages.nameRequired);
    const long = await bob.post('/api/tokens', { name: 'x'.repeat(61) });
    expect(long.body.error.message).toBe(tokenMessages.nameTooLong);
    expect(await count()).toBe(0);

    for (let i = 0; i < maxApiTokens; i++) await create(bob, `Script ${i + 1}`);
    const over = await bob.post('/api/tokens', { name: 'One too many' });
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({ code: 'too_many', message: tokenMessages.tooMany });
    expect(await count()).toBe(maxApiTokens);
  });

  it('an account that goes takes its tokens with it', async () => {
    const carl = t.agent();
    const { user } = await carl.seedAccount(`tokens-carl-${dialect}@example.com`, 'Carl');
    const { token } = await create(carl, 'Carl’s script');
    await t.server.database.db.deleteFrom('user').where('id', '=', user.id).execute();
    expect((await rows()).filter((r) => r.user_id === user.id)).toEqual([]);
    expect((await script(token, 'GET', '/api/bookmarks')).status).toBe(401);
  });
});
