import { Router } from 'express';
import type { PlanService } from './service.js';

export function planRoutes(plans: PlanService): Router {
  const r = Router();

  r.get('/plans', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json({ items: await plans.list() });
  });

  return r;
}
