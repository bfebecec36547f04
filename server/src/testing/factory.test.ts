import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../features/auth/hashed-session-tokens.js';
import { testDialects } from './databases.js';
import { seedAccount, seedPassword } from './factory.js';
import { startTestServer, type TestServer } from './harness.js';

// The factory stands in for sign-up in every test not about sign-up: what it seeds must be what a
// sign-up leaves, or those tests would test another product.
describe.each(testDialects)('the test-data factory on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('seeds a signed-in account that /me answers like a signed-up one', async () => {
    const ann = await seedAccount(t, { email: 'Seeded.Ann@Example.com', name: 'Ann' });
    const me = await ann.agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { id: ann.id, email: 'seeded.ann@example.com', firstName: 'Ann', emailVerified: false },
      profile: { displayName: 'Ann', photoURL: null, settings: { layoutPreference: 'list' } },
      permissions: { admin: false, subscriptionPro: false },
      hasGroups: false,
    });
    expect(new Date(me.body.user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores the session as better-auth does, only its hash, and signing out ends it', async () => {
    const bob = await seedAccount(t, { name: 'Bob' });
    const cookie = decodeURIComponent(bob.agent.cookie('linkhive.session_token')!);
    const token = cookie.slice(0, cookie.lastIndexOf('.'));
    const rows = await t.server.database.db
      .selectFrom('session')
      .select('token')
      .where('userId', '=', bob.id)
      .execute();
    expect(rows).toEqual([{ token: hashToken(token) }]);
    expect((await bob.agent.post('/api/auth/logout')).status).toBe(200);
    expect((await bob.agent.get('/api/auth/me')).status).toBe(401);
  });

  it('gives the account the test password, which signs in over HTTP', async () => {
    const cat = await seedAccount(t, { name: 'Cat' });
    const other = t.agent();
    const login = await other.post('/api/auth/login', { email: cat.email, password: seedPassword });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(cat.id);
    const wrong = await t.agent().post('/api/auth/login', { email: cat.email, password: 'Wrong-passw0rd' });
    expect(wrong.status).toBe(401);
  });

  it('queues the welcome mail a sign-up sends, once', async () => {
    const dan = await seedAccount(t, { name: 'Dan' });
    await t.server.worker.idle();
    const mails = (await t.outbox()).filter((m) => m.to === dan.email);
    expect(mails.map((m) => m.subject)).toEqual(['Welcome to Linkhive']);
    expect(mails[0]!.text).toContain('mode=verifyEmail');
  });

  it('grants the plan flags it is given, and keeps accounts apart', async () => {
    const [pro, plain] = await Promise.all([
      seedAccount(t, { name: 'Pia', flags: ['subscriptionPro'] }),
      seedAccount(t, { name: 'Pat' }),
    ]);
    expect((await pro.agent.get('/api/auth/me')).body.permissions.subscriptionPro).toBe(true);
    expect((await plain.agent.get('/api/auth/me')).body.permissions.subscriptionPro).toBe(false);
    const saved = await pro.agent.post('/api/bookmarks', { link: 'https://a.example.com/', title: 'A', category: 'X' });
    expect(saved.status).toBe(201);
    expect((await plain.agent.get(`/api/bookmarks/${saved.body.id}`)).status).toBe(404);
  });
});
