import { Router } from 'express';
import type { Kysely } from 'kysely';
import { recommendationQuerySchema } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { accountRateLimit } from '../../http/rate-limit.js';
import { currentUser, requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { RecommendationService } from './service.js';

export function recommendationRoutes(recommendations: RecommendationService, db: Kysely<Database>): Router {
  const r = Router();
  // Light: the drawer asks once per opening; cache misses have their own daily limit in the service.
  const limit = accountRateLimit(db, { name: 'recommendations', limit: 60, windowMs: 60_000 });
  r.get('/bookmarks/:id/recommendations', requireUser, limit, async (req, res) => {
    const query = parse(recommendationQuerySchema, req.query);
    res.json(await recommendations.recommendations(currentUser(req), String(req.params.id), query));
  });
  return r;
}
