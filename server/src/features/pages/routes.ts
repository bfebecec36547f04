import { Router } from 'express';
import type { Kysely } from 'kysely';
import { previewSchema } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { rateLimit } from '../../http/rate-limit.js';
import { requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { PageService } from './service.js';

export function pageRoutes(pages: PageService, db: Kysely<Database>): Router {
  const r = Router();
  r.post(
    '/pages/preview',
    requireUser,
    rateLimit(db, { name: 'preview', limit: 120, windowMs: 60_000 }),
    async (req, res) => {
      res.json(await pages.preview(parse(previewSchema, req.body).url));
    },
  );
  return r;
}
