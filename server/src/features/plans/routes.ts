import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import type { PlanService } from './service.js';

export function planRoutes(plans: PlanService): Router {
  const r = Router();
  route(r, contract.plans.list, async (_input, _req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    return { items: await plans.list() };
  });
  return r;
}
