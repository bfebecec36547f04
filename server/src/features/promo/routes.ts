import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { postListQuerySchema, promoLimits, promoMessages as m } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { notFound, tooManyRequests } from '../../http/errors.js';
import { accountRateLimit } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { PromoService } from './service.js';

const minute = 60_000;

/** Public pages read with or without a session (loaded when a cookie or token comes); writes need one. */
export function promoRoutes(promo: PromoService, db: Kysely<Database>): Router {
  const r = Router();
  // Follow and unfollow count together: toggling is what a script would repeat.
  const follows = accountRateLimit(db, {
    name: 'promo-follow',
    limit: promoLimits.followsPerMinute,
    windowMs: minute,
    message: m.tooManyFollows,
  });
  const posting = accountRateLimit(db, {
    name: 'promo-post',
    limit: promoLimits.postsPerMinute,
    windowMs: minute,
    message: m.tooManyPosts,
  });

  r.get('/promo/:slug', async (req, res) => {
    const client = { address: req.ip, userAgent: req.get('user-agent') };
    res.json(await promo.show(String(req.params.slug), req.user, req.query.source, client));
  });

  r.post('/promo/:slug/follow', requireUser, follows, async (req, res) => {
    res.json(await promo.follow(currentUser(req), String(req.params.slug)));
  });

  r.delete('/promo/:slug/follow', requireUser, follows, async (req, res) => {
    res.json(await promo.unfollow(currentUser(req), String(req.params.slug)));
  });

  r.get('/promo/:slug/followers', async (req, res) => {
    res.json(await promo.followers(String(req.params.slug), req.user));
  });

  r.get('/promo/:slug/posts', async (req, res) => {
    res.json(await promo.posts(String(req.params.slug), req.user, parse(postListQuerySchema, req.query).page));
  });

  // The daily budget, after the per-minute limit; past it 429 with Retry-After and nothing stored.
  const postingToday: RequestHandler = async (req, res, next) => {
    const wait = await promo.dailyPostWait(currentUser(req));
    next(wait ? tooManyRequests(m.tooManyPostsToday, wait) : undefined);
  };

  r.post('/promo/:slug/posts', requireUser, posting, postingToday, async (req, res) => {
    res.status(201).json(await promo.createPost(currentUser(req), String(req.params.slug), req.body));
  });

  r.get('/promo/:slug/stats', requireUser, async (req, res) => {
    res.json(await promo.stats(currentUser(req), String(req.params.slug)));
  });

  // The router cannot decode a slug with a broken escape ('%E0%A4%A'): like any other odd slug, it names no page.
  r.use('/promo', ((err, _req, _res, next) => {
    next(err instanceof URIError ? notFound(m.notFound) : err);
  }) as ErrorRequestHandler);

  return r;
}
