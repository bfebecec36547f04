import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import type { RateLimits } from '../../http/rate-limit.js';
import { requireUser } from '../../http/session.js';
import type { PageService } from './service.js';

export function pageRoutes(pages: PageService, limits: RateLimits): Router {
  const r = Router();
  route(
    r,
    contract.pages.preview,
    requireUser,
    limits.perAddress({ name: 'preview', limit: 120, windowMs: 60_000 }),
    ({ body }) => pages.preview(body.url),
  );
  return r;
}
