import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { contract } from '@linkhive/shared/contract';
import { promoLimits, promoMessages as m } from '@linkhive/shared/domain';
import { notFound, tooManyRequests } from '../../http/errors.js';
import type { RateLimits } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import { route } from '../../http/contract-route.js';
import type { PromoService } from './service.js';

const minute = 60_000;

/** Public pages read with or without a session (loaded when a cookie or token comes); writes need one. */
export function promoRoutes(promo: PromoService, limits: RateLimits): Router {
  const r = Router();
  // Follow and unfollow count together: toggling is what a script would repeat.
  const follows = limits.perAccount({
    name: 'promo-follow',
    limit: promoLimits.followsPerMinute,
    windowMs: minute,
    message: m.tooManyFollows,
  });
  const posting = limits.perAccount({
    name: 'promo-post',
    limit: promoLimits.postsPerMinute,
    windowMs: minute,
    message: m.tooManyPosts,
  });

  const c = contract.promo;

  route(r, c.show, ({ params, query }, req) =>
    promo.show(params.slug, req.user, query.source, { address: req.ip, userAgent: req.get('user-agent') }),
  );
  route(r, c.follow, requireUser, follows, ({ params }, req) => promo.follow(currentUser(req), params.slug));
  route(r, c.unfollow, requireUser, follows, ({ params }, req) => promo.unfollow(currentUser(req), params.slug));
  route(r, c.followers, ({ params }, req) => promo.followers(params.slug, req.user));
  route(r, c.posts, ({ params, query }, req) => promo.posts(params.slug, req.user, query.page));

  // The daily budget, after the per-minute limit; past it 429 with Retry-After and nothing stored.
  const postingToday: RequestHandler = async (req, _res, next) => {
    const wait = await promo.dailyPostWait(currentUser(req));
    next(wait ? tooManyRequests(m.tooManyPostsToday, wait) : undefined);
  };
  // Before the body is parsed: a non-owner's post is refused as such, valid or not.
  const ownerOnly: RequestHandler = async (req, _res, next) => {
    await promo.assertOwner(currentUser(req), String(req.params.slug));
    next();
  };
  route(r, c.createPost, requireUser, posting, postingToday, ownerOnly, ({ params, body }, req) =>
    promo.createPost(currentUser(req), params.slug, body),
  );

  route(r, c.stats, requireUser, ({ params }, req) => promo.stats(currentUser(req), params.slug));

  // The router cannot decode a slug with a broken escape ('%E0%A4%A'): like any other odd slug, it names no page.
  r.use('/promo', ((err, _req, _res, next) => {
    next(err instanceof URIError ? notFound(m.notFound) : err);
  }) as ErrorRequestHandler);

  return r;
}
