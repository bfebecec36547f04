import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { authMessages } from '@linkhive/shared/domain';
import { unauthorized } from './errors.js';

/** The signed-in user as every route sees it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date | string;
}

/** What resolves a request's cookie or bearer token to its user (the auth feature's service). */
export interface SessionSource {
  /** `sessionKey` names the session itself (not the user), for what must end when it signs out. */
  session(
    headers: IncomingHttpHeaders,
  ): Promise<{ body: SessionUser; setCookies: string[]; sessionKey?: string } | null>;
}

// Kept beside the request rather than on req.user, which is the answer of /api/auth/me.
const sessionKeys = new WeakMap<Request, string>();

/** The key of the request's session (the hash of its token), when loadSession found one. */
export const sessionKeyOf = (req: Request): string | undefined => sessionKeys.get(req);

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
      for (const c of found.setCookies) res.append('Set-Cookie', c);
    }
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized(authMessages.notAuthenticated));
};

export function currentUser(req: Request): SessionUser {
  if (!req.user) throw unauthorized(authMessages.notAuthenticated);
  return req.user;
}
