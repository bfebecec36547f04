import { Router } from 'express';
import type { Kysely } from 'kysely';
import { contract } from '@linkhive/shared/contract';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/contract-route.js';
import { rateLimit } from '../../http/rate-limit.js';
import { requireUser } from '../../http/session.js';
import type { PageService } from './service.js';

export function pageRoutes(pages: PageService, db: Kysely<Database>): Router {
  const r = Router();
  route(
    r,
    contract.pages.preview,
    requireUser,
    rateLimit(db, { name: 'preview', limit: 120, windowMs: 60_000 }),
    ({ body }) => pages.preview(body.url),
  );
  return r;
}
