import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages as m, httpMessages } from '@linkhive/shared/domain';
import { startTestServer, testPublicUrl, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { resetCodeFrom } from '../../testing/outbox.js';
import { hashToken } from './hashed-session-tokens.js';

const password = 'Passw0rd!';
let n = 0;
const uniqueEmail = () => `user${++n}-${Date.now()}@example.com`;

describe.each(testDialects)('accounts on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => t?.close());

  async function signedUp(email = uniqueEmail(), firstName = 'Ann') {
    const a = t.agent();
    const res = await a.post('/api/auth/signup', { firstName, email, password });
    expect(res.status).toBe(201);
    return { a, email, me: res.body };
  }

  describe('sign-up', () => {
    it('creates the account and its profile, and signs in', async () => {
      const { a, email, me } = await signedUp(undefined, 'Zoë');
      expect(me.user).toMatchObject({ email, firstName: 'Zoë' });
      expect(me.profile).toEqual({
        displayName: 'Zoë',
        photoURL: null,
        settings: { categoryTabColor: null, layoutPreference: 'list' },
      });
      expect(me.permissions).toEqual({
        admin: false,
        advertiser: false,
        subscriptionPro: false,
        subscriptionBusiness: false,
        subscriptionEnterprise: false,
      });
      expect(a.hasSessionCookie()).toBe(true);
      expect((await a.get('/api/auth/me')).body.user.id).toBe(me.user.id);
      const row = await t.server.database.db
        .selectFrom('profile')
        .selectAll()
        .where('user_id', '=', me.user.id)
        .executeTakeFirst();
      expect(row?.display_name).toBe('Zoë');
    });

    it.each([
      [{ firstName: '', email: 'x@example.com', password }, 'firstName', m.nameRequired],
      [{ firstName: 'x'.repeat(51), email: 'x@example.com', password }, 'firstName', m.nameTooLong],
      [{ firstName: 'Ann', email: '', password }, 'email', m.emailRequired],
      [{ firstName: 'Ann', email: 'nope', password }, 'email', m.emailInvalid],
      [{ firstName: 'Ann', email: 'x@example.com', password: '' }, 'password', m.passwordRequired],
      [{ firstName: 'Ann', email: 'x@example.com', password: 'Sh0rt!' }, 'password', m.passwordMinLength],
      [{ firstName: 'Ann', email: 'x@example.com', password: 'passw0rd!' }, 'password', m.passwordUppercase],
      [{ firstName: 'Ann', email: 'x@example.com', password: 'Password!' }, 'password', m.passwordNumber],
      [{ firstName: 'Ann', email: 'x@example.com', password: 'Passw0rdd' }, 'password', m.passwordSpecial],
    ])('refuses %o with the spec message and stores nothing', async (body, field, message) => {
      const res = await t.agent().post('/api/auth/signup', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'invalid', message, field } });
      const users = await t.server.database.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', 'x@example.com')
        .execute();
      expect(users).toHaveLength(0);
    });

    it('refuses an email that already has an account, whatever its case', async () => {
      const { email } = await signedUp();
      const res = await t.agent().post('/api/auth/signup', { firstName: 'Bob', email: email.toUpperCase(), password });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'email_taken', message: m.emailTaken, field: 'email' });
    });

    it('gives admin to the addresses in ADMIN_EMAILS', async () => {
      const { me } = await signedUp('boss@example.com');
      expect(me.permissions.admin).toBe(true);
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs in with the right password and out again', async () => {
      const { email } = await signedUp();
      const a = t.agent();
      expect((await a.get('/api/auth/me')).status).toBe(401);
      const login = await a.post('/api/auth/login', { email: email.toUpperCase(), password });
      expect(login.status).toBe(200);
      expect(login.body.user.email).toBe(email);
      expect(login.body.token).toBeUndefined();
      expect((await a.get('/api/auth/me')).status).toBe(200);
      expect((await a.post('/api/auth/logout')).status).toBe(200);
      const after = await a.get('/api/auth/me');
      expect(after.status).toBe(401);
      expect(after.body.error).toEqual({ code: 'unauthenticated', message: m.notAuthenticated });
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const { email } = await signedUp();
      const wrong = await t.agent().post('/api/auth/login', { email, password: 'Wrong-passw0rd' });
      const unknown = await t.agent().post('/api/auth/login', { email: uniqueEmail(), password });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body.error).toEqual({ code: 'invalid_credentials', message: m.invalidCredentials });
      }
    });

    it('asks for both fields', async () => {
      const res = await t.agent().post('/api/auth/login', { email: 'a@example.com', password: '' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(m.loginBothFields);
    });

    it('gives the extension a bearer token that works without cookies and ends on logout', async () => {
      const { email } = await signedUp();
      const ext = t.agent();
      const login = await ext.post('/api/auth/login?mode=token', { email, password });
      expect(login.status).toBe(200);
      expect(login.body.token).toMatch(/^\S{20,}$/);
      expect(login.headers.getSetCookie()).toEqual([]);
      ext.bearer = login.body.token;
      expect((await ext.get('/api/auth/me')).body.user.email).toBe(email);
      expect((await ext.post('/api/auth/logout')).status).toBe(200);
      expect((await ext.get('/api/auth/me')).status).toBe(401);
    });

    it('answers 401 to a made-up bearer token', async () => {
      const a = t.agent();
      a.bearer = 'x'.repeat(32);
      expect((await a.get('/api/auth/me')).status).toBe(401);
    });

    it('stores only hashes of session tokens', async () => {
      const { email } = await signedUp();
      const ext = t.agent();
      const { token } = (await ext.post('/api/auth/login?mode=token', { email, password })).body;
      const rows = await t.server.database.db.selectFrom('session').select('token').execute();
      expect(rows.map((r) => r.token)).not.toContain(token);
      expect(rows.map((r) => r.token)).toContain(hashToken(token));
    });
  });

  describe('sessions', () => {
    const cookieName = 'linkhive.session_token';
    const setExpiry = (userId: string, at: Date) =>
      t.server.database.db
        .updateTable('session')
        .set({ expiresAt: (dialect === 'postgres' ? at : at.toISOString()) as string })
        .where('userId', '=', userId)
        .execute();

    it('refuses a cookie whose signature was tampered with', async () => {
      const { a } = await signedUp();
      const [token] = decodeURIComponent(a.cookie(cookieName)!).split('.');
      a.setCookie(cookieName, encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`));
      expect((await a.get('/api/auth/me')).status).toBe(401);
      a.setCookie(cookieName, token!);
      expect((await a.get('/api/auth/me')).status).toBe(401);
    });

    it('ends a session at its expiry', async () => {
      const { a, me } = await signedUp();
      await setExpiry(me.user.id, new Date(Date.now() - 1000));
      expect((await a.get('/api/auth/me')).status).toBe(401);
    });

    it('extends a session used after a day and sends the cookie again', async () => {
      const { a, me } = await signedUp();
      await setExpiry(me.user.id, new Date(Date.now() + 10 * 86_400_000));
      const res = await a.get('/api/auth/me');
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${cookieName}=`) && /Max-Age=\d+/.test(c))).toBe(
        true,
      );
      const row = await t.server.database.db
        .selectFrom('session')
        .select('expiresAt')
        .where('userId', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      expect((await a.get('/api/auth/me')).headers.getSetCookie()).toEqual([]);
    });
  });

  describe('password reset', () => {
    it('mails a reset link, and the same answer goes to unknown addresses', async () => {
      const { email } = await signedUp();
      const before = (await t.outbox()).length;
      const known = await t.agent().post('/api/auth/forgot', { email });
      const unknown = await t.agent().post('/api/auth/forgot', { email: uniqueEmail() });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ message: m.forgotSuccess });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      const mails = (await t.outbox()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe(email);
      expect(mails[0]!.text).toContain(`${testPublicUrl}/actionUrl?mode=resetPassword&oobCode=`);
    });

    async function resetCodeFor(email: string) {
      await t.agent().post('/api/auth/forgot', { email });
      const mail = (await t.outbox()).filter((x) => x.to === email).at(-1)!;
      return resetCodeFrom(mail);
    }

    it('sets a new password with the mailed code, once, and ends old sessions', async () => {
      const { a, email } = await signedUp();
      const oobCode = await resetCodeFor(email);
      const newPassword = 'N3w-password';
      const res = await t.agent().post('/api/auth/reset', { oobCode, email, newPassword });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: m.resetSuccess });
      expect((await a.get('/api/auth/me')).status).toBe(401);
      expect((await t.agent().post('/api/auth/login', { email, password })).status).toBe(401);
      expect((await t.agent().post('/api/auth/login', { email, password: newPassword })).status).toBe(200);
      const again = await t.agent().post('/api/auth/reset', { oobCode, email, newPassword: 'An0ther-pass' });
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({ code: 'invalid_reset_code', message: m.resetCodeInvalid, field: 'oobCode' });
      expect((await t.agent().post('/api/auth/login', { email, password: newPassword })).status).toBe(200);
    });

    it('refuses a code used with another email, an unknown code and an expired code, and changes nothing', async () => {
      const { email } = await signedUp();
      const other = await signedUp();
      const oobCode = await resetCodeFor(email);
      const newPassword = 'N3w-password';
      for (const body of [
        { oobCode, email: other.email, newPassword },
        { oobCode: 'not-a-real-code', email, newPassword },
      ]) {
        const res = await t.agent().post('/api/auth/reset', body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(m.resetCodeInvalid);
      }
      const past = dialect === 'postgres' ? new Date(Date.now() - 1000) : new Date(Date.now() - 1000).toISOString();
      await t.server.database.db
        .updateTable('verification')
        .set({ expiresAt: past as string })
        .where('identifier', '=', hashToken(`reset-password:${oobCode}`))
        .execute();
      const expired = await t.agent().post('/api/auth/reset', { oobCode, email, newPassword });
      expect(expired.status).toBe(400);
      expect(expired.body.error.message).toBe(m.resetCodeInvalid);
      expect((await t.agent().post('/api/auth/login', { email, password })).status).toBe(200);
      expect((await t.agent().post('/api/auth/login', { email: other.email, password })).status).toBe(200);
    });

    it('checks the new password against the rules', async () => {
      const { email } = await signedUp();
      const oobCode = await resetCodeFor(email);
      const missing = await t.agent().post('/api/auth/reset', { oobCode, email, newPassword: '' });
      expect(missing.body.error).toEqual({ code: 'invalid', message: m.resetAllFields, field: 'newPassword' });
      const weak = await t.agent().post('/api/auth/reset', { oobCode, email, newPassword: 'weakpassword' });
      expect(weak.body.error.message).toBe(m.passwordUppercase);
      expect((await t.agent().post('/api/auth/login', { email, password })).status).toBe(200);
    });
  });

  describe('bad input', () => {
    it('answers malformed JSON with a clear error', async () => {
      const res = await t.agent().request('POST', '/api/auth/signup', undefined, { raw: '{"firstName": "Ann",' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'malformed_json', message: httpMessages.malformedJson } });
    });

    it('refuses an over-large body', async () => {
      const res = await t
        .agent()
        .post('/api/auth/signup', { firstName: 'x'.repeat(200_000), email: 'big@example.com', password });
      expect(res.status).toBe(413);
      expect(res.body.error).toEqual({ code: 'too_large', message: httpMessages.bodyTooLarge });
    });

    it('answers an unknown API path with 404 in the API format', async () => {
      const res = await t.agent().get('/api/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'No API route for GET /api/no-such-thing' });
    });

    it('refuses a cookie request from another origin and changes nothing', async () => {
      const { a, email } = await signedUp();
      const res = await a.request('POST', '/api/auth/logout', {}, { headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'forbidden', message: httpMessages.crossOrigin });
      expect((await a.get('/api/auth/me')).body.user.email).toBe(email);
    });

    it('tags every answer with a request id', async () => {
      const res = await t
        .agent()
        .request('GET', '/api/health', undefined, { headers: { 'x-request-id': 'trace-123' } });
      expect(res.body).toEqual({ ok: true });
      expect(res.headers.get('x-request-id')).toBe('trace-123');
      expect((await t.agent().get('/api/health')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

describe('rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t?.close());

  it('stops the fourth sign-in attempt in a minute', async () => {
    const a = t.agent();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await a.post('/api/auth/login', { email: 'a@example.com', password: 'x' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const last = await a.post('/api/auth/login', { email: 'a@example.com', password: 'x' });
    expect(last.body.error).toEqual({ code: 'rate_limited', message: httpMessages.tooManyRequests });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts sign-up and reset separately from sign-in', async () => {
    const res = await t.agent().post('/api/auth/forgot', { email: 'a@example.com' });
    expect(res.status).toBe(200);
  });
});
