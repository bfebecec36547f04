import type { IncomingHttpHeaders } from 'node:http';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import { authMessages as m, type LoginResult, type Me } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { ProfileRepository } from '../profile/repository.js';
import type { PermissionService } from '../permissions/service.js';
import type { BetterAuth } from './better-auth.js';
import { hashToken } from './hashed-session-tokens.js';
import type { SessionResolver } from './session-resolver.js';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: Date | string;
}

/** What a route sends back: a body and the cookies better-auth wants set or cleared. */
export interface AuthOutcome<T> {
  body: T;
  setCookies: string[];
}

const cookiesOf = (headers: Headers | undefined) => headers?.getSetCookie() ?? [];
const codeOf = (e: unknown) => (e instanceof APIError ? (e.body as { code?: string } | undefined)?.code : undefined);

export function authService(deps: {
  auth: BetterAuth;
  db: Kysely<Database>;
  profiles: ProfileRepository;
  permissions: PermissionService;
  resolveSession: SessionResolver;
}) {
  const { auth, profiles, permissions } = deps;

  async function me(user: SessionUser): Promise<Me> {
    const [profile, perms] = await Promise.all([profiles.find(user.id), permissions.permissionsOf(user)]);
    return {
      user: { id: user.id, email: user.email, firstName: user.name, createdAt: new Date(user.createdAt).toISOString() },
      profile: {
        displayName: profile?.display_name ?? user.name,
        photoURL: profile?.photo_url ?? null,
        settings: {
          categoryTabColor: profile?.category_tab_color ?? null,
          layoutPreference: profile?.layout_preference === 'grid' ? 'grid' : 'list',
        },
      },
      permissions: perms,
    };
  }

  return {
    me,

    async signup(
      input: { firstName: string; email: string; password: string },
      headers: Headers,
    ): Promise<AuthOutcome<Me>> {
      try {
        const { headers: out, response } = await auth.api.signUpEmail({
          body: { name: input.firstName, email: input.email, password: input.password },
          headers,
          returnHeaders: true,
        });
        return { body: await me(response.user), setCookies: cookiesOf(out) };
      } catch (e) {
        if (codeOf(e)?.startsWith('USER_ALREADY_EXISTS')) throw conflict(m.emailTaken, 'email', 'email_taken');
        throw e;
      }
    },

    async login(
      input: { email: string; password: string },
      headers: Headers,
      asToken: boolean,
    ): Promise<AuthOutcome<LoginResult>> {
      try {
        const { headers: out, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        const body: LoginResult = await me(response.user);
        if (asToken) return { body: { ...body, token: response.token }, setCookies: [] };
        return { body, setCookies: cookiesOf(out) };
      } catch (e) {
        if (e instanceof APIError && e.statusCode === 401)
          throw new AppError(401, 'invalid_credentials', m.invalidCredentials);
        throw e;
      }
    },

    async logout(headers: Headers): Promise<AuthOutcome<{ ok: true }>> {
      try {
        const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
        return { body: { ok: true }, setCookies: cookiesOf(out) };
      } catch (e) {
        // Signing out without a live session is already the state the caller asked for.
        if (e instanceof APIError && e.statusCode < 500) return { body: { ok: true }, setCookies: [] };
        throw e;
      }
    },

    async forgot(email: string): Promise<{ message: string }> {
      await auth.api.requestPasswordReset({ body: { email } });
      return { message: m.forgotSuccess };
    },

    async reset(input: { oobCode: string; email: string; newPassword: string }): Promise<{ message: string }> {
      const invalid = badRequest(m.resetCodeInvalid, 'oobCode', 'invalid_reset_code');
      // The form asks for the email as well: a code only resets the account it was sent to.
      const pending = await deps.db
        .selectFrom('verification')
        .innerJoin('user', 'user.id', 'verification.value')
        .select(['user.email', 'verification.expiresAt'])
        .where('verification.identifier', '=', hashToken(`reset-password:${input.oobCode}`))
        .executeTakeFirst();
      if (!pending || pending.email !== input.email || new Date(pending.expiresAt) < new Date()) throw invalid;
      try {
        await auth.api.resetPassword({ body: { newPassword: input.newPassword, token: input.oobCode } });
      } catch (e) {
        if (e instanceof APIError && e.statusCode === 400) throw invalid;
        throw e;
      }
      return { message: m.resetSuccess };
    },

    async session(nodeHeaders: IncomingHttpHeaders): Promise<AuthOutcome<SessionUser> | null> {
      const found = await deps.resolveSession(nodeHeaders);
      if (!found) return null;
      if (!found.refreshDue) return { body: found.user, setCookies: [] };
      const { headers: out, response } = await auth.api.getSession({
        headers: fromNodeHeaders(nodeHeaders),
        returnHeaders: true,
      });
      return response ? { body: response.user, setCookies: cookiesOf(out) } : null;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
