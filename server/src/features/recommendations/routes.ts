import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import type { RateLimits } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { RecommendationService } from './service.js';

export function recommendationRoutes(recommendations: RecommendationService, limits: RateLimits): Router {
  const r = Router();
  // Light: the drawer asks once per opening; cache misses have their own daily limit in the service.
  const limit = limits.perAccount({ name: 'recommendations', limit: 60, windowMs: 60_000 });
  route(r, contract.recommendations.forBookmark, requireUser, limit, ({ params, query }, req) =>
    recommendations.recommendations(currentUser(req), params.id, query),
  );
  return r;
}
