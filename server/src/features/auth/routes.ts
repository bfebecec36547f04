import { Router, type Response } from 'express';
import type { Kysely } from 'kysely';
import { forgotSchema, loginSchema, resetSchema, signupSchema, verifyEmailSchema } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { rateLimit } from '../../http/rate-limit.js';
import { currentUser, headersOf, requireUser, sessionKeyOf } from '../../http/session.js';
import { endSessionStreams } from '../../http/session-streams.js';
import { parse } from '../../http/validate.js';
import type { AuthOutcome, AuthService } from './service.js';

function send<T>(res: Response, outcome: AuthOutcome<T>, status = 200) {
  for (const c of outcome.setCookies) res.append('Set-Cookie', c);
  res.status(status).json(outcome.body);
}

export function authRoutes(auth: AuthService, db: Kysely<Database>, perMinute: number): Router {
  const r = Router();
  const limit = (name: string) => rateLimit(db, { name, limit: perMinute, windowMs: 60_000 });

  r.post('/signup', limit('signup'), async (req, res) => {
    send(res, await auth.signup(parse(signupSchema, req.body), headersOf(req)), 201);
  });

  r.post('/login', limit('login'), async (req, res) => {
    send(res, await auth.login(parse(loginSchema, req.body), headersOf(req), req.query.mode === 'token', res));
  });

  r.post('/logout', async (req, res) => {
    const session = sessionKeyOf(req);
    const outcome = await auth.logout(headersOf(req));
    // The session is gone: its live streams end before the answer, not at their next event.
    if (session) endSessionStreams(session);
    send(res, outcome);
  });

  r.get('/me', requireUser, async (req, res) => {
    res.json(await auth.me(currentUser(req)));
  });

  r.post('/forgot', limit('forgot'), async (req, res) => {
    res.json(await auth.forgot(parse(forgotSchema, req.body).email));
  });

  r.post('/reset', limit('reset'), async (req, res) => {
    res.json(await auth.reset(parse(resetSchema, req.body)));
  });

  // The mailed link may be opened in any browser, signed in or not: the code alone names the account.
  r.post('/verify', limit('verify'), async (req, res) => {
    res.json(await auth.verify(parse(verifyEmailSchema, req.body).oobCode));
  });

  r.post('/verify/resend', requireUser, limit('verify-resend'), async (req, res) => {
    res.json(await auth.resendVerification(currentUser(req), res));
  });

  return r;
}
