import { Router, type Response } from 'express';
import { contract } from '@linkhive/shared/contract';
import type { RateLimits } from '../../http/rate-limit.js';
import { currentUser, headersOf, requireUser, sessionKeyOf } from '../../http/session.js';
import { endSessionStreams } from '../../http/session-streams.js';
import { mountedAt, reply, route } from '../../http/contract-route.js';
import type { AuthOutcome, AuthService } from './service.js';

/** The outcome's cookies set, its body the answer. */
function send<T>(res: Response, outcome: AuthOutcome<T>, status = 200) {
  for (const c of outcome.setCookies) res.append('Set-Cookie', c);
  return reply(status, outcome.body);
}

export function authRoutes(auth: AuthService, limits: RateLimits, perMinute: number): Router {
  const r = mountedAt(Router(), '/api/auth');
  const limit = (name: string) => limits.perAddress({ name, limit: perMinute, windowMs: 60_000 });
  const c = contract.auth;

  route(r, c.signup, limit('signup'), async ({ body }, req, res) => {
    return send(res, await auth.signup(body, headersOf(req)), 201);
  });

  route(r, c.login, limit('login'), async ({ body, query }, req, res) => {
    return send(res, await auth.login(body, headersOf(req), query.mode === 'token', res));
  });

  route(r, c.logout, async (_input, req, res) => {
    const session = sessionKeyOf(req);
    const outcome = await auth.logout(headersOf(req));
    // The session is gone: its live streams end before the answer, not at their next event.
    if (session) endSessionStreams(session);
    return send(res, outcome);
  });

  route(r, c.me, requireUser, (_input, req) => auth.me(currentUser(req)));
  route(r, c.forgot, limit('forgot'), ({ body }) => auth.forgot(body.email));
  route(r, c.reset, limit('reset'), ({ body }) => auth.reset(body));
  // The mailed link may be opened in any browser, signed in or not: the code alone names the account.
  route(r, c.verify, limit('verify'), ({ body }) => auth.verify(body.oobCode));
  route(r, c.resendVerification, requireUser, limit('verify-resend'), (_input, req, res) =>
    auth.resendVerification(currentUser(req), res),
  );

  return r;
}
