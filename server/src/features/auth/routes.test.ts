import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
import { authMessages as m, httpMessages } from '@linkhive/shared/domain';
import { startTestServer, testPublicUrl, type TestServer } from '../../testing/harness.js';
import { sqliteOnly, testDialects } from '../../testing/databases.js';
import { resetCodeFrom, type OutboxMail } from '../../testing/outbox.js';
import { ensureAuthSecret } from '../../db/app-setting-repository.js';
import { hashToken } from './hashed-session-tokens.js';
import { fromBetterAuth } from './service.js';

const password = 'Passw0rd!';
let n = 0;
const uniqueEmail = () => `user${++n}-${Date.now()}@example.com`;

function verifyCodeFrom(mail: OutboxMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/actionUrl\?mode=verifyEmail&oobCode=([\w%.-]+)/);
  if (!link) throw new Error(`No verification link in mail: ${mail.text}`);
  return decodeURIComponent(link[1]!);
}

/** The mails sent to one address so far, once the job worker has run every queued mail. */
async function mailsTo(t: TestServer, email: string) {
  await t.server.worker.idle();
  return (await t.outbox()).filter((x) => x.to === email);
}

describe.each(testDialects)('accounts on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { ADMIN_EMAILS: 'Boss@Example.com' });
  });
  afterAll(() => t?.close());

  async function signedUp(email = uniqueEmail(), firstName = 'Ann') {
    const a = t.agent();
    const res = await a.post('/api/auth/signup', { firstName, email, password });
    expect(res.status).toBe(201);
    return { a, email: email.toLowerCase(), me: res.body };
  }

  async function verifyCodeFor(email: string) {
    return verifyCodeFrom((await mailsTo(t, email)).filter((x) => x.text.includes('mode=verifyEmail')).at(-1)!);
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

    it.each(['x@y', 'a@b.c', 'ann\u0000@example.com', '<script>@x.test'])(
      'refuses the address %j with the email rule, on sign-up and forgot',
      async (email) => {
        for (const [path, body] of [
          ['/api/auth/signup', { firstName: 'Ann', email, password }],
          ['/api/auth/forgot', { email }],
        ] as const) {
          const res = await t.agent().post(path, body);
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ error: { code: 'invalid', message: m.emailInvalid, field: 'email' } });
        }
      },
    );
  });

  describe('email verification', () => {
    it('mails a welcome with a verification link at sign-up; the link verifies the address once', async () => {
      const { a, email, me } = await signedUp();
      expect(me.user.emailVerified).toBe(false);
      const [welcome, ...more] = await mailsTo(t, email);
      expect(more).toEqual([]);
      expect(welcome!.subject).toBe('Welcome to Linkhive');
      expect(welcome!.text).toContain(`${testPublicUrl}/actionUrl?mode=verifyEmail&oobCode=`);
      const oobCode = verifyCodeFrom(welcome!);

      // The link may be opened in a browser that is not signed in.
      const res = await t.agent().post('/api/auth/verify', { oobCode });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: m.verifySuccess });
      expect((await a.get('/api/auth/me')).body.user).toMatchObject({ email, emailVerified: true });

      const again = await t.agent().post('/api/auth/verify', { oobCode });
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({ code: 'invalid_verify_code', message: m.verifyCodeInvalid, field: 'oobCode' });
    });

    it('gives admin from ADMIN_EMAILS only once the address is verified, whatever its case', async () => {
      const { a, me } = await signedUp('BOSS@example.com');
      expect(me.permissions.admin).toBe(false);
      expect((await a.get('/api/auth/me')).body.permissions.admin).toBe(false);
      const login = await t.agent().post('/api/auth/login', { email: 'boss@example.com', password });
      expect(login.body.permissions.admin).toBe(false);

      const oobCode = await verifyCodeFor('boss@example.com');
      expect((await t.agent().post('/api/auth/verify', { oobCode })).status).toBe(200);
      const after = (await a.get('/api/auth/me')).body;
      expect(after.user.emailVerified).toBe(true);
      expect(after.permissions.admin).toBe(true);
    });

    it('verifies only the account the code was mailed to', async () => {
      const ann = await signedUp();
      const bob = await signedUp();
      // Bob, signed in, uses Ann's code: it proves Ann's address, not his.
      const res = await bob.a.post('/api/auth/verify', { oobCode: await verifyCodeFor(ann.email) });
      expect(res.status).toBe(200);
      expect((await bob.a.get('/api/auth/me')).body.user.emailVerified).toBe(false);
      expect((await ann.a.get('/api/auth/me')).body.user.emailVerified).toBe(true);

      // An account removed and opened again under the same address is another account.
      const carl = await signedUp();
      const carlCode = await verifyCodeFor(carl.email);
      await t.server.database.db.deleteFrom('user').where('id', '=', carl.me.user.id).execute();
      const again = await signedUp(carl.email);
      const stale = await t.agent().post('/api/auth/verify', { oobCode: carlCode });
      expect(stale.status).toBe(400);
      expect(stale.body.error.message).toBe(m.verifyCodeInvalid);
      expect((await again.a.get('/api/auth/me')).body.user.emailVerified).toBe(false);
    });

    it('refuses a made-up, a tampered and an expired code, and verifies nothing', async () => {
      const { a, email, me } = await signedUp();
      const code = await verifyCodeFor(email);
      const [head, body, sig] = code.split('.') as [string, string, string];
      const tampered = `${head}.${body}.${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`;
      const secret = await ensureAuthSecret(t.server.database.db, null);
      const expired = await createEmailVerificationToken(secret, email, undefined, -60, { userId: me.user.id });
      for (const oobCode of ['not-a-code', 'a.b.c', tampered, expired, '']) {
        const res = await t.agent().post('/api/auth/verify', { oobCode });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ message: m.verifyCodeInvalid, field: 'oobCode' });
      }
      expect((await a.get('/api/auth/me')).body.user.emailVerified).toBe(false);
    });

    it('mails a new link to a signed-in user who asks, a few times an hour at most', async () => {
      const { a, email } = await signedUp();
      expect((await t.agent().post('/api/auth/verify/resend')).status).toBe(401);
      const res = await a.post('/api/auth/verify/resend');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: m.verifySent });
      expect(await mailsTo(t, email)).toHaveLength(2);
      expect((await a.post('/api/auth/verify/resend')).status).toBe(200);
      expect((await a.post('/api/auth/verify/resend')).status).toBe(200);
      const limited = await a.post('/api/auth/verify/resend');
      expect(limited.status).toBe(429);
      expect(limited.body.error).toEqual({ code: 'rate_limited', message: httpMessages.tooManyRequests });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await mailsTo(t, email)).toHaveLength(4);

      expect((await t.agent().post('/api/auth/verify', { oobCode: await verifyCodeFor(email) })).status).toBe(200);
      const done = await a.post('/api/auth/verify/resend');
      expect(done.status).toBe(409);
      expect(done.body.error).toEqual({ code: 'already_verified', message: m.alreadyVerified });
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
      await t.server.worker.idle();
      const before = (await t.outbox()).length;
      const known = await t.agent().post('/api/auth/forgot', { email });
      const unknownEmail = uniqueEmail();
      const unknown = await t.agent().post('/api/auth/forgot', { email: unknownEmail });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ message: m.forgotSuccess });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      await t.server.worker.idle();
      const mails = (await t.outbox()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe(email);
      expect(mails[0]!.subject).toBe('Reset your Linkhive password');
      expect(mails[0]!.text).toContain(`${testPublicUrl}/actionUrl?mode=resetPassword&oobCode=`);
      const jobs = await t.server.database.db
        .selectFrom('job')
        .select(['payload', 'status'])
        .where('type', '=', 'auth-mail')
        .execute();
      for (const address of [email, unknownEmail])
        expect(jobs).toContainEqual({ payload: JSON.stringify({ kind: 'reset', email: address }), status: 'done' });
    });

    async function resetCodeFor(email: string) {
      await t.agent().post('/api/auth/forgot', { email });
      const mail = (await mailsTo(t, email)).filter((x) => x.text.includes('mode=resetPassword')).at(-1)!;
      return resetCodeFrom(mail);
    }

    it('ends the older reset codes of an account when a newer one is sent', async () => {
      const { email } = await signedUp();
      const older = await resetCodeFor(email);
      const newer = await resetCodeFor(email);
      expect(newer).not.toBe(older);
      const stale = await t.agent().post('/api/auth/reset', { oobCode: older, email, newPassword: 'N3w-password' });
      expect(stale.status).toBe(400);
      expect(stale.body.error.message).toBe(m.resetCodeInvalid);
      const fresh = await t.agent().post('/api/auth/reset', { oobCode: newer, email, newPassword: 'N3w-password' });
      expect(fresh.status).toBe(200);
    });

    it('refuses an over-long new password with the rule, and the code still works', async () => {
      const { email } = await signedUp();
      const oobCode = await resetCodeFor(email);
      const long = await t.agent().post('/api/auth/reset', { oobCode, email, newPassword: `N3w-${'x'.repeat(199)}` });
      expect(long.status).toBe(400);
      expect(long.body.error).toEqual({ code: 'invalid', message: m.passwordTooLong, field: 'newPassword' });
      const ok = await t.agent().post('/api/auth/reset', { oobCode, email, newPassword: `N3w-${'x'.repeat(124)}` });
      expect(ok.status).toBe(200);
    });

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
    it('refuses a password over 128 characters with the rule, on sign-up and sign-in', async () => {
      const tooLong = `${password}${'x'.repeat(120)}`;
      const signup = await t
        .agent()
        .post('/api/auth/signup', { firstName: 'Ann', email: uniqueEmail(), password: tooLong });
      const login = await t.agent().post('/api/auth/login', { email: uniqueEmail(), password: tooLong });
      for (const res of [signup, login]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({ code: 'invalid', message: m.passwordTooLong, field: 'password' });
      }
    });

    it('answers a sign-in with an address no account can have like a wrong password', async () => {
      const res = await t.agent().post('/api/auth/login', { email: 'x@y', password });
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'invalid_credentials', message: m.invalidCredentials });
    });

    it('answers a bearer token that is not valid percent-encoding with 401, on any path', async () => {
      const a = t.agent();
      a.bearer = 'abc.%E0%A4%A';
      for (const path of ['/api/auth/me', '/api/bookmarks', '/api/profile']) {
        const res = await a.get(path);
        expect(res.status).toBe(401);
        expect(res.body.error).toEqual({ code: 'unauthenticated', message: m.notAuthenticated });
      }
      expect((await a.get('/api/health')).status).toBe(200);
    });

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

describe.each(testDialects)('forgot password on %s, with the job worker stopped', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    await t.server.stopBackground();
  });
  afterAll(() => t?.close());

  it('only queues a job: the request neither looks the address up nor makes a code', async () => {
    const known = uniqueEmail();
    await t.agent().seedAccount(known);
    const unknown = uniqueEmail();
    const answers = [];
    for (const email of [known, unknown]) answers.push(await t.agent().post('/api/auth/forgot', { email }));
    expect(answers[0]).toMatchObject({ status: 200, body: { message: m.forgotSuccess } });
    expect(answers[1]!.status).toBe(answers[0]!.status);
    expect(answers[1]!.body).toEqual(answers[0]!.body);

    const db = t.server.database.db;
    const jobs = await db.selectFrom('job').select(['payload', 'status']).where('type', '=', 'auth-mail').execute();
    for (const email of [known, unknown])
      expect(jobs).toContainEqual({ payload: JSON.stringify({ kind: 'reset', email }), status: 'queued' });
    expect(await db.selectFrom('verification').select('id').execute()).toEqual([]);
    expect(await t.outbox()).toEqual([]);
  });
});

describe.each(testDialects)('sign-in limit per account on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { AUTH_ACCOUNT_RATE_LIMIT: '3' });
  });
  afterAll(() => t?.close());

  // The app trusts X-Forwarded-For from loopback, as behind a local proxy: each guess from another address.
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const login = (email: string, pw: string, ip: string) =>
    t.agent().request('POST', '/api/auth/login', { email, password: pw }, from(ip));

  it('stops guesses at one account from many addresses, and leaves other accounts alone', async () => {
    const victim = uniqueEmail();
    const other = uniqueEmail();
    await t.agent().seedAccount(victim);
    await t.agent().seedAccount(other);
    const statuses = [];
    for (const [i, email] of [victim, victim.toUpperCase(), ` ${victim}`].entries())
      statuses.push((await login(email, 'Wrong-passw0rd', `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401]);

    const blocked = await login(victim, password, '203.0.113.9');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({ code: 'rate_limited', message: httpMessages.tooManyRequests });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await login(other, password, '203.0.113.1')).status).toBe(200);
  });

  it('counts guesses on both sides of a minute together: the window starts at the first guess', async () => {
    const victim = uniqueEmail();
    await t.agent().seedAccount(victim);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Three guesses a second before the clock's next minute, the fourth a second after it.
      const minute = 60_000;
      vi.setSystemTime(Math.ceil(Date.now() / minute) * minute + minute - 1_000);
      for (let i = 0; i < 3; i++)
        expect((await login(victim, 'Wrong-passw0rd', `198.51.100.${i + 10}`)).status).toBe(401);
      vi.setSystemTime(Date.now() + 2_000);
      const blocked = await login(victim, password, '198.51.100.20');
      expect(blocked.status).toBe(429);
      // It may try again when the minute from its first guess is over, not before.
      expect(Number(blocked.headers.get('retry-after'))).toBe(58);
      vi.setSystemTime(Date.now() + 58_000);
      expect((await login(victim, password, '198.51.100.21')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not count sign-ins that succeed', async () => {
    const email = uniqueEmail();
    await t.agent().seedAccount(email);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(email, password, '198.51.100.1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe.each(sqliteOnly)('better-auth refusals (%s run)', () => {
  it('keep their status and message instead of becoming a server error', () => {
    const mapped = fromBetterAuth(
      new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_LONG', message: 'Password too long' }),
    );
    expect(mapped).toMatchObject({ status: 400, code: 'password_too_long', message: 'Password too long' });
    const failure = new APIError('INTERNAL_SERVER_ERROR', { message: 'boom' });
    expect(fromBetterAuth(failure)).toBe(failure);
  });
});

describe.each(sqliteOnly)('rate limits on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t?.close());
  // The limits count in one-minute windows: the clock stands still during each test, so that a slow
  // machine never spreads one test over two windows.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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

  it('counts sign-up and reset separately from sign-in, each with a quota of its own', async () => {
    // An address of its own (the app trusts X-Forwarded-For from loopback), so no other test's count matters.
    const post = (p: string, body: unknown) =>
      t.agent().request('POST', `/api/auth/${p}`, body, { headers: { 'x-forwarded-for': '198.51.100.23' } });
    const fourTimes = async (p: string, body: (i: number) => unknown) => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(p, body(i))).status);
      return statuses;
    };
    const wrongSignIn = { email: 'a@example.com', password: 'Wrong-passw0rd' };
    expect(await fourTimes('login', () => wrongSignIn)).toEqual([401, 401, 401, 429]);

    const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail(), uniqueEmail()];
    expect(await fourTimes('signup', (i) => ({ firstName: 'Ann', email: emails[i], password }))).toEqual([
      201, 201, 201, 429,
    ]);
    expect(await fourTimes('forgot', (i) => ({ email: emails[i] }))).toEqual([200, 200, 200, 429]);
    const reset = (i: number) => ({ oobCode: 'not-a-real-code', email: emails[i], newPassword: 'N3w-password' });
    expect(await fourTimes('reset', reset)).toEqual([400, 400, 400, 429]);

    // Neither sign-up nor reset gave sign-in its attempts back.
    const signIn = await post('login', wrongSignIn);
    expect(signIn.status).toBe(429);
    expect(signIn.body.error).toEqual({ code: 'rate_limited', message: httpMessages.tooManyRequests });
  });
});
