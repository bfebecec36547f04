import { Router } from 'express';
import { z } from 'zod';
import { requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { BillingService } from './service.js';

const checkoutSchema = z.object({ priceId: z.string({ error: 'priceId is required' }).min(1, 'priceId is required') });

export function billingRoutes(billing: BillingService): Router {
  const r = Router();

  r.post('/billing/checkout', requireUser, async (req, res) => {
    res.json(await billing.checkout(parse(checkoutSchema, req.body).priceId));
  });

  r.post('/billing/portal', requireUser, async (_req, res) => {
    res.json(await billing.portal());
  });

  return r;
}
