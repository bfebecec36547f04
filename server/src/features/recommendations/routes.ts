import { Router } from 'express';
import type { Kysely } from 'kysely';
import { contract } from '@linkhive/shared/contract';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/contract-route.js';
import { accountRateLimit } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { RecommendationService } from './service.js';

export function recommendationRoutes(recommendations: RecommendationService, db: Kysely<Database>): Router {
  const r = Router();
  // Light: the drawer asks once per opening; cache misses have their own daily limit in the service.
  const limit = accountRateLimit(db, { name: 'recommendations', limit: 60, windowMs: 60_000 });
  route(r, contract.recommendations.forBookmark, requireUser, limit, ({ params, query }, req) =>
    recommendations.recommendations(currentUser(req), params.id, query),
  );
  return r;
}
