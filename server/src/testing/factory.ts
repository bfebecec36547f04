import { createHmac, randomBytes } from 'node:crypto';
import type { PermissionFlag } from '@linkhive/shared/domain';
import { inject } from 'vitest';
import { SESSION_SECONDS, sessionCookieNames } from '../features/auth/better-auth.js';
import { accountSetup } from '../features/auth/account-setup.js';
import { hashToken } from '../features/auth/hashed-session-tokens.js';
import { profileRepository } from '../features/profile/repository.js';
import { ensureAuthSecret } from '../db/app-setting-repository.js';
import { jobQueue } from '../jobs/queue.js';
import type { Agent, TestServer } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** better-auth's real scrypt hash of `seedPassword`, made once per run (setup-server.ts). */
    seedPasswordHash: string;
  }
}

export { seedPassword } from './seed-password.js';

export interface SeededAccount {
  id: string;
  email: string;
  name: string;
  agent: Agent;
}

let seeded = 0;
/** An address no other seeded account of this run has. */
export const seedEmail = (name = 'user') =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${process.pid}-${++seeded}-${Date.now()}@example.com`;

// better-auth's ids: 32 letters and digits.
const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomId = (length = 32) => Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');

/**
 * The test-data factory for accounts (linkding's habit): the rows a sign-up writes, put straight
 * into the database, and a live session whose cookie the agent then carries. What sign-up itself
 * does is tested over HTTP, with real password hashing, in features/auth; every other test starts
 * here. The account is the same as a signed-up one: user and credential rows (the password hash is
 * a real one of `seedPassword`, so signing in works), the welcome-mail job and the profile through
 * the real account setup, an unverified address, and a session as better-auth stores it (hashed
 * token, 30 days) with its signed cookie.
 */
export async function seedAccount(
  t: TestServer,
  opts: { email?: string; name?: string; agent?: Agent; flags?: PermissionFlag[] } = {},
): Promise<SeededAccount> {
  const { db, dialect } = t.server.database;
  const name = opts.name ?? 'Ann';
  // better-auth keeps addresses in lower case.
  const email = (opts.email ?? seedEmail(name)).toLowerCase();
  const agent = opts.agent ?? t.agent();
  const id = randomId();
  const now = new Date();
  const iso = now.toISOString();
  await db
    .insertInto('user')
    .values({
      id,
      name,
      email,
      emailVerified: dialect === 'sqlite' ? 0 : false,
      image: null,
      createdAt: iso,
      updatedAt: iso,
    })
    .execute();
  await db
    .insertInto('account')
    .values({
      id: randomId(),
      userId: id,
      accountId: id,
      providerId: 'credential',
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: inject('seedPasswordHash'),
      createdAt: iso,
      updatedAt: iso,
    })
    .execute();
  // What better-auth's user-created hook runs after a real sign-up.
  await accountSetup({ db, queue: jobQueue(db, dialect), profiles: profileRepository(db) }).complete({ id, name });
  t.server.worker.poke();

  const token = randomId();
  await db
    .insertInto('session')
    .values({
      id: randomId(),
      userId: id,
      token: hashToken(token),
      expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000).toISOString(),
      ipAddress: '127.0.0.1',
      userAgent: null,
      createdAt: iso,
      updatedAt: iso,
    })
    .execute();
  const secret = await ensureAuthSecret(db, t.config.authSecret);
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  agent.setCookie(sessionCookieNames[0]!, encodeURIComponent(`${token}.${signature}`));

  for (const flag of opts.flags ?? []) await t.server.permissions.grant(id, flag, 'operator');
  return { id, email, name, agent };
}
