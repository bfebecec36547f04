import type { BetterAuthOptions } from 'better-auth';
import type { Kysely } from 'kysely';
import { limits, passwordMax } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import type { Logger } from '../../logger.js';
import { hashToken, withHashedSessionTokens } from './hashed-session-tokens.js';
import { authRepository } from './repository.js';

export const SESSION_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24;
export const COOKIE_PREFIX = 'linkhive';
export const RESET_CODE_SECONDS = 60 * 60;
export const VERIFY_CODE_SECONDS = 60 * 60 * 24 * 3;

export interface BetterAuthDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  secret: string;
  publicUrl: string;
  log: Logger;
  onUserCreated(user: { id: string; name: string; email: string }): Promise<void>;
  sendResetCode(user: { id: string; name: string; email: string }, code: string): Promise<void>;
}

/**
 * better-auth, loaded on first use. Every request's session check is ours (session-resolver.ts);
 * better-auth runs only for sign-up, sign-in, sign-out, resets and the daily cookie refresh, and
 * loading it costs each process about 20 MB of memory, which one that never sees those does without.
 */
export function createBetterAuth(deps: BetterAuthDeps): () => Promise<BetterAuthInstance> {
  let loading: Promise<BetterAuthInstance> | undefined;
  return () =>
    (loading ??= load(deps).catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}

async function load(deps: BetterAuthDeps) {
  const [{ betterAuth }, { bearer }, { kyselyAdapter }] = await Promise.all([
    import('better-auth'),
    // The one plugin, not the barrel: better-auth/plugins loads all twenty-odd, 2.6 MB of heap kept
    // for good from the first sign-in (issue 30's crawl peak counts every megabyte).
    import('better-auth/plugins/bearer'),
    import('@better-auth/kysely-adapter'),
  ]);
  const adapter = kyselyAdapter(deps.db, { type: deps.dialect });
  const repository = authRepository(deps.db);
  return betterAuth({
    appName: 'Linkhive',
    baseURL: deps.publicUrl,
    // Our own routes under /api/auth call better-auth's API directly; its HTTP handler is not mounted.
    basePath: '/api/auth/internal',
    secret: deps.secret,
    database: (options: BetterAuthOptions) => withHashedSessionTokens(adapter(options)),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => deps.log[level]({ args }, `better-auth: ${message}`),
    },
    // Rate limits are ours, counted in the database for every route that needs one.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: limits.passwordMin,
      maxPasswordLength: passwordMax,
      resetPasswordTokenExpiresIn: RESET_CODE_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Only the newest mailed code resets: older ones (mailed earlier, maybe to a since-lost inbox)
        // end here. The identifier is stored hashed.
        await repository.deleteOtherResetCodes(user.id, hashToken(`reset-password:${token}`));
        await deps.sendResetCode(user, token);
      },
    },
    // Verification codes are better-auth's signed, expiring tokens, made by our mail job (see
    // service.ts) and checked by its verifyEmail. Unverified accounts work as before; only privileges
    // (admin through ADMIN_EMAILS) wait for the address to be proven.
    emailVerification: { expiresIn: VERIFY_CODE_SECONDS },
    verification: { storeIdentifier: { hash: async (identifier) => hashToken(identifier) } },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: deps.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: { create: { after: async (user) => deps.onUserCreated(user) } },
    },
    plugins: [bearer()],
  });
}

export type BetterAuthInstance = Awaited<ReturnType<typeof load>>;
export type BetterAuth = ReturnType<typeof createBetterAuth>;

/** The names better-auth gives the session cookie, plain and behind https. */
export const sessionCookieNames = [`${COOKIE_PREFIX}.session_token`, `__Secure-${COOKIE_PREFIX}.session_token`];
