import type { IncomingHttpHeaders } from 'node:http';
import type { Response } from 'express';
import type { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import {
  apiTokenPrefix,
  authMessages as m,
  resetMailLimit,
  type AccountMe,
  type LoginResult,
} from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { apiTokenIdOf, apiTokenSessionKey, headersFromNode, type SessionUser } from '../../http/session.js';
import type { ProfileRepository } from '../profile/repository.js';
import type { PermissionService } from '../permissions/service.js';
import { attemptLimit } from './attempt-limit.js';
import { VERIFY_CODE_SECONDS, type BetterAuth } from './better-auth.js';
import { hashToken } from './hashed-session-tokens.js';
import { authRepository } from './repository.js';
import type { AuthMailJob, AuthMails } from './mails.js';
import type { SessionResolver } from './session-resolver.js';

/** What a route sends back: a body and the cookies better-auth wants set or cleared. */
export interface AuthOutcome<T> {
  body: T;
  setCookies: string[];
}

const cookiesOf = (headers: Headers | undefined) => headers?.getSetCookie() ?? [];
// better-call's own test, without loading better-auth to make it (see better-auth.ts).
const isAPIError = (e: unknown): e is APIError => (e as { name?: unknown } | null)?.name === 'APIError';
const codeOf = (e: unknown) => (isAPIError(e) ? (e.body as { code?: string } | undefined)?.code : undefined);
const clientError = (e: unknown): e is APIError => isAPIError(e) && e.statusCode >= 400 && e.statusCode < 500;

/**
 * better-auth's errors carry their status as a name ('BAD_REQUEST') and the number in statusCode;
 * our error handler reads neither, so a refusal of bad input would become a 500. Our schemas refuse
 * what better-auth would, first; anything it still refuses keeps its status and its own message.
 */
export function fromBetterAuth(e: unknown): unknown {
  if (!clientError(e)) return e;
  const body = e.body as { code?: string; message?: string } | undefined;
  return new AppError(e.statusCode, body?.code?.toLowerCase() ?? 'invalid', body?.message || e.message);
}

/** The user id a verification code names, read without trusting it: better-auth checks the signature. */
function claimedUserId(code: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(code.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload?.userId === 'string' ? payload.userId : null;
  } catch {
    return null;
  }
}

export function authService(deps: {
  auth: BetterAuth;
  db: Kysely<Database>;
  secret: string;
  profiles: ProfileRepository;
  permissions: PermissionService;
  /** Whether the user owns or is an active member of a workspace group. */
  hasGroups: (userId: string) => Promise<boolean>;
  resolveSession: SessionResolver;
  /** Personal API tokens (`Bearer lh_…`, features/tokens): whom one signs in, and whether one still lives. */
  apiTokens?: {
    resolve(token: string): Promise<{ user: SessionUser; tokenId: string; readOnly: boolean } | null>;
    lives(tokenId: string): Promise<boolean>;
  };
  /** Failed sign-ins a minute per account (AUTH_ACCOUNT_RATE_LIMIT). */
  accountRateLimit: number;
  mails: AuthMails;
}) {
  const { auth, db, profiles, permissions } = deps;
  const repository = authRepository(db);
  const loginLimit = attemptLimit(db, { name: 'login-account', limit: deps.accountRateLimit, windowMs: 60_000 });
  // Each resend is a mail to someone's inbox: a few an hour is plenty for a lost or late mail.
  const resendLimit = attemptLimit(db, { name: 'verify-resend', limit: 3, windowMs: 60 * 60_000 });
  // Reset mails per target address, known or not: many client addresses cannot flood one inbox.
  const resetMails = attemptLimit(db, {
    name: 'reset-mail',
    limit: resetMailLimit.perAddress,
    windowMs: resetMailLimit.windowMs,
  });

  async function me(user: SessionUser): Promise<AccountMe> {
    const [profile, access, hasGroups] = await Promise.all([
      profiles.find(user.id),
      permissions.access(user),
      deps.hasGroups(user.id),
    ]);
    return {
      user: {
        id: user.id,
        email: user.email,
        firstName: user.name,
        createdAt: new Date(user.createdAt).toISOString(),
        emailVerified: user.emailVerified,
      },
      profile: {
        displayName: profile?.display_name ?? user.name,
        photoURL: profile?.photo_url ?? null,
        settings: {
          categoryTabColor: profile?.category_tab_color ?? null,
          layoutPreference: profile?.layout_preference === 'grid' ? 'grid' : 'list',
        },
      },
      permissions: access.permissions,
      plan: access.plan,
      hasGroups,
    };
  }

  return {
    me,

    async signup(
      input: { firstName: string; email: string; password: string },
      headers: Headers,
    ): Promise<AuthOutcome<AccountMe>> {
      try {
        const { api } = await auth();
        const { headers: out, response } = await api.signUpEmail({
          body: { name: input.firstName, email: input.email, password: input.password },
          headers,
          returnHeaders: true,
        });
        // The welcome mail was queued when the user was created (account-setup.ts).
        deps.mails.poke();
        return { body: await me(response.user), setCookies: cookiesOf(out) };
      } catch (e) {
        if (codeOf(e)?.startsWith('USER_ALREADY_EXISTS')) throw conflict(m.emailTaken, 'email', 'email_taken');
        throw fromBetterAuth(e);
      }
    },

    async login(
      input: { email: string; password: string },
      headers: Headers,
      asToken: boolean,
      res: Response,
    ): Promise<AuthOutcome<LoginResult & AccountMe>> {
      const window = await loginLimit.take(input.email, res);
      try {
        const { api } = await auth();
        const { headers: out, response } = await api.signInEmail({
          body: { email: input.email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        await loginLimit.giveBack(input.email, window);
        const body = await me(response.user);
        if (asToken) return { body: { ...body, token: response.token }, setCookies: [] };
        return { body, setCookies: cookiesOf(out) };
      } catch (e) {
        // An address or password better-auth refuses outright belongs to no account: same answer as a wrong one.
        if (clientError(e) && (e.statusCode === 401 || e.statusCode === 400))
          throw new AppError(401, 'invalid_credentials', m.invalidCredentials);
        throw fromBetterAuth(e);
      }
    },

    async logout(headers: Headers): Promise<AuthOutcome<{ ok: true }>> {
      try {
        const { api } = await auth();
        const { headers: out } = await api.signOut({ headers, returnHeaders: true });
        return { body: { ok: true }, setCookies: cookiesOf(out) };
      } catch (e) {
        // Signing out without a live session is already the state the caller asked for.
        if (clientError(e)) return { body: { ok: true }, setCookies: [] };
        throw e;
      }
    },

    /**
     * Queues the work and answers: the request neither looks the address up nor makes a code, so it
     * takes the same steps, and the same time, for known and unknown addresses. Each request counts
     * against the address's reset-mail limit (resetMailLimit); past it no mail is queued, but the
     * answer stays the same, so the limit tells the asker nothing about the address either.
     */
    async forgot(email: string): Promise<{ message: string }> {
      if (await resetMails.allow(email)) await deps.mails.queue({ kind: 'reset', email });
      return { message: m.forgotSuccess };
    },

    /** The mail job: a reset code (which ends the older ones) or a fresh verification code. */
    async runMailJob(job: AuthMailJob): Promise<void> {
      if (job.kind === 'reset') {
        const { api } = await auth();
        await api.requestPasswordReset({ body: { email: job.email } });
        return;
      }
      const user = await repository.findMailUser(job.userId);
      if (!user || user.emailVerified) return;
      // The code better-auth's own sendVerificationEmail would make, checked by its verifyEmail.
      const { createEmailVerificationToken } = await import('better-auth/api');
      const code = await createEmailVerificationToken(deps.secret, user.email, undefined, VERIFY_CODE_SECONDS, {
        userId: user.id,
      });
      await deps.mails.sendVerifyCode(user, code);
    },

    /** A code proves the address once, for the account it was mailed to (better-auth checks both). */
    async verify(oobCode: string): Promise<{ message: string }> {
      const invalid = badRequest(m.verifyCodeInvalid, 'oobCode', 'invalid_verify_code');
      const userId = claimedUserId(oobCode);
      if (!userId) throw invalid;
      const user = await repository.findEmailVerified(userId);
      // better-auth answers a verified address's code with success again; for us a used code is spent.
      if (!user || user.emailVerified) throw invalid;
      try {
        const { api } = await auth();
        await api.verifyEmail({ query: { token: oobCode } });
      } catch (e) {
        if (clientError(e)) throw invalid;
        throw e;
      }
      return { message: m.verifySuccess };
    },

    async resendVerification(user: SessionUser, res: Response): Promise<{ message: string }> {
      if (user.emailVerified) throw conflict(m.alreadyVerified, undefined, 'already_verified');
      await resendLimit.take(user.id, res);
      await deps.mails.queue({ kind: 'verify', userId: user.id });
      return { message: m.verifySent };
    },

    async reset(input: { oobCode: string; email: string; newPassword: string }): Promise<{ message: string }> {
      const invalid = badRequest(m.resetCodeInvalid, 'oobCode', 'invalid_reset_code');
      // The form asks for the email as well: a code only resets the account it was sent to.
      const pending = await repository.findPendingReset(hashToken(`reset-password:${input.oobCode}`));
      if (!pending || pending.email !== input.email || new Date(pending.expiresAt) < new Date()) throw invalid;
      try {
        const { api } = await auth();
        await api.resetPassword({ body: { newPassword: input.newPassword, token: input.oobCode } });
      } catch (e) {
        if (codeOf(e) === 'INVALID_TOKEN') throw invalid;
        throw fromBetterAuth(e);
      }
      return { message: m.resetSuccess };
    },

    /**
     * Whether the session named `key` still lives: a session whose token hashes to it, not signed
     * out and not expired; or a personal API token (apiTokenSessionKey), not revoked.
     */
    async sessionLives(key: string): Promise<boolean> {
      const tokenId = apiTokenIdOf(key);
      if (tokenId !== null) return (await deps.apiTokens?.lives(tokenId)) ?? false;
      const tokenHash = key;
      const row = await repository.findSessionExpiry(tokenHash);
      return !!row && new Date(row.expiresAt).getTime() > Date.now();
    },

    async session(
      nodeHeaders: IncomingHttpHeaders,
    ): Promise<(AuthOutcome<SessionUser> & { sessionKey: string; apiToken?: { readOnly: boolean } }) | null> {
      const bearer = nodeHeaders.authorization?.startsWith('Bearer ') ? nodeHeaders.authorization.slice(7).trim() : '';
      if (bearer.startsWith(apiTokenPrefix)) {
        const byToken = (await deps.apiTokens?.resolve(bearer)) ?? null;
        if (!byToken) return null;
        // Named apart from sessions: revoking the token ends what it opened (session-streams.ts).
        return {
          body: byToken.user,
          setCookies: [],
          sessionKey: apiTokenSessionKey(byToken.tokenId),
          apiToken: { readOnly: byToken.readOnly },
        };
      }
      const found = await deps.resolveSession(nodeHeaders);
      if (!found) return null;
      // The refresh extends the session and keeps its token, so the key stays the same.
      const sessionKey = found.tokenHash;
      if (!found.refreshDue) return { body: found.user, setCookies: [], sessionKey };
      const { api } = await auth();
      const { headers: out, response } = await api.getSession({
        headers: headersFromNode(nodeHeaders),
        returnHeaders: true,
      });
      return response ? { body: response.user, setCookies: cookiesOf(out), sessionKey } : null;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
