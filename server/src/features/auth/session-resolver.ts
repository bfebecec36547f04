import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SESSION_SECONDS, SESSION_REFRESH_SECONDS } from './better-auth.js';
import { hashToken } from './hashed-session-tokens.js';
import { authRepository } from './repository.js';
import { sessionUserOf } from '../../http/session.js';

export interface ResolvedSession {
  user: { id: string; name: string; email: string; emailVerified: boolean; createdAt: Date | string };
  /** better-auth extends a session once a day; then its own getSession must run to re-issue the cookie. */
  refreshDue: boolean;
  /** The session token's hash, as the session table keeps it: names this session. */
  tokenHash: string;
}

/**
 * The hot path of every signed-in request: check the cookie signature as better-auth writes it
 * (`token.base64(HMAC-SHA256(secret, token))`), then one indexed query. better-auth's own getSession
 * does the same with several more steps; it still handles the daily refresh.
 */
export function sessionResolver(db: Kysely<Database>, secret: string, cookieNames: string[]) {
  // Made once, so its prepared session query is compiled once for every request.
  const sessions = authRepository(db);
  // A signed value's check and its token's hash depend only on the value and the secret, so they
  // are remembered for the few hundred values seen lately, valid ones only (a stranger cannot fill
  // this with junk). Whether the session lives is still asked of the database on every request, so
  // a sign-out or a revocation in any process counts at once.
  const recent = new Map<string, string>();

  /** The hash of the token that a signed value carries, or null if its signature is wrong. */
  function verifiedHash(signedValue: string): string | null {
    const known = recent.get(signedValue);
    if (known !== undefined) return known;
    const token = checkSignature(signedValue);
    if (token === null) return null;
    if (recent.size >= 500) recent.delete(recent.keys().next().value!);
    const hashed = hashToken(token);
    recent.set(signedValue, hashed);
    return hashed;
  }

  function checkSignature(signedValue: string): string | null {
    const dot = signedValue.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = signedValue.slice(0, dot);
    const given = Buffer.from(signedValue.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  /** The hash of the request's session token, as the session table keeps it. */
  function tokenHashFrom(headers: IncomingHttpHeaders): string | null {
    const auth = headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const value = auth.slice(7).trim();
      if (!value.includes('.')) return value ? hashToken(value) : null;
      // The extension holds the bare token; a signed one (with a dot) is accepted as well. A value
      // that is not valid percent-encoding is a bad token like any other, not a server error.
      try {
        return verifiedHash(decodeURIComponent(value));
      } catch {
        return null;
      }
    }
    for (const part of (headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0 || !cookieNames.includes(part.slice(0, eq).trim())) continue;
      try {
        return verifiedHash(decodeURIComponent(part.slice(eq + 1).trim()));
      } catch {
        return null;
      }
    }
    return null;
  }

  return async function resolve(headers: IncomingHttpHeaders): Promise<ResolvedSession | null> {
    const hashed = tokenHashFrom(headers);
    if (!hashed) return null;
    const row = await sessions.findSessionUser(hashed);
    if (!row) return null;
    const expiresAt = new Date(row.expiresAt).getTime();
    const now = Date.now();
    if (expiresAt <= now) return null;
    return {
      user: sessionUserOf(row),
      refreshDue: expiresAt - SESSION_SECONDS * 1000 + SESSION_REFRESH_SECONDS * 1000 <= now,
      tokenHash: hashed,
    };
  };
}

export type SessionResolver = ReturnType<typeof sessionResolver>;
