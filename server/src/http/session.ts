import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { authMessages, tokenMessages } from '@linkhive/shared/domain';
import { forbidden, unauthorized } from './errors.js';

/** The signed-in user as every route sees it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date | string;
}

/** A user row as the database answers it (SQLite's 0 or 1, Postgres's boolean) as routes see it. */
export const sessionUserOf = (row: SessionUser | (Omit<SessionUser, 'emailVerified'> & { emailVerified: number })) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  emailVerified: Boolean(row.emailVerified),
  createdAt: row.createdAt,
});

/** What resolves a request's cookie or bearer token to its user (the auth feature's service). */
export interface SessionSource {
  /** `sessionKey` names the session itself (not the user), for what must end when it signs out. */
  session(headers: IncomingHttpHeaders): Promise<{
    body: SessionUser;
    setCookies: string[];
    sessionKey?: string;
    /** Set when a personal API token signed the request in (features/tokens). */
    apiToken?: { readOnly: boolean };
  } | null>;
}

// Kept beside the request rather than on req.user, which is the answer of /api/auth/me.
const sessionKeys = new WeakMap<Request, string>();

/** The key of the request's session (the hash of its token), when loadSession found one. */
export const sessionKeyOf = (req: Request): string | undefined => sessionKeys.get(req);

/** The session key of what a personal API token opened: revoking the token ends it. */
export const apiTokenSessionKey = (tokenId: string) => `api-token:${tokenId}`;
/** The token's id in such a key; null for a session's key (a hex hash, which has no colon). */
export const apiTokenIdOf = (key: string): string | null =>
  key.startsWith('api-token:') ? key.slice('api-token:'.length) : null;

// Requests signed in by a personal API token, with what the token may do.
const byApiToken = new WeakMap<Request, { readOnly: boolean }>();
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'express-serve-static-core' {
  interface Request {
    user?: SessionUser;
  }
}

/** better-auth/node's fromNodeHeaders, without loading better-auth for it. */
export function headersFromNode(nodeHeaders: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(nodeHeaders)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

export const headersOf = (req: Request) => headersFromNode(req.headers);

/** Resolves the cookie or bearer session once; routes that need a user add requireUser. */
export function loadSession(auth: SessionSource): RequestHandler {
  return async (req, res, next) => {
    if (!req.headers.cookie && !req.headers.authorization) return next();
    const found = await auth.session(req.headers);
    if (found) {
      req.user = found.body;
      if (found.sessionKey) sessionKeys.set(req, found.sessionKey);
      if (found.apiToken) byApiToken.set(req, found.apiToken);
      for (const c of found.setCookies) res.append('Set-Cookie', c);
    }
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized(authMessages.notAuthenticated));
};

/** A read-only API token reads and nothing else: every other method is refused before any route. */
export const readOnlyTokens: RequestHandler = (req, _res, next) => {
  next(byApiToken.get(req)?.readOnly && !reads.has(req.method) ? forbidden(tokenMessages.readOnly) : undefined);
};

/**
 * A signed-in session, not an API token: for managing the tokens themselves, so that a leaked
 * token cannot mint others or outlive its revocation. Goes after requireUser.
 */
export const requireSessionNotToken: RequestHandler = (req, _res, next) => {
  next(byApiToken.has(req) ? forbidden(tokenMessages.sessionOnly) : undefined);
};

export function currentUser(req: Request): SessionUser {
  if (!req.user) throw unauthorized(authMessages.notAuthenticated);
  return req.user;
}
