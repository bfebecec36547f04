import type { RequestHandler } from 'express';
import { httpMessages } from '@linkhive/shared/domain';
import { forbidden } from './errors.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Chrome and Edge (chrome-extension://), Firefox (moz-extension://), Safari (safari-web-extension://). */
const extensionOrigin = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[a-z0-9-]+$/i;

/**
 * CSRF defence for cookie sessions: a state-changing request that a browser could attach our
 * cookie to must name our own origin. Bearer requests (the extension) carry no ambient credential.
 */
export function originCheck(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (safeMethods.has(req.method) || req.headers.authorization?.startsWith('Bearer ')) return next();
    const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
    if (origin === allowed) return next();
    // req.protocol asks proxy-addr whether the peer is a trusted proxy, parsing its address anew
    // each time (2% of a save's CPU in a profile), so it is asked only when the public origin differs.
    if (origin && origin === `${req.protocol}://${req.get('host')}`) return next();
    // The extension's pages and worker name their own origin. Without a cookie the request carries
    // no ambient credential to forge (its sign-in asks for a bearer token and sets no cookie).
    if (origin && extensionOrigin.test(origin) && !req.headers.cookie) return next();
    if (origin) return next(forbidden(httpMessages.crossOrigin));
    // No Origin at all: only a non-browser client, which then must not lean on a cookie.
    next(req.headers.cookie ? forbidden(httpMessages.crossOrigin) : undefined);
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
