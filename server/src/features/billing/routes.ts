import { Router } from 'express';
import { z } from 'zod';
import { billingMessages } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import { currentUser, requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { BillingService } from './service.js';
import type { WebhookHandler } from './webhooks.js';

const checkoutSchema = z.object({ priceId: z.string({ error: 'priceId is required' }).min(1, 'priceId is required') });
const portalSchema = z.object({
  returnUrl: z.string({ error: 'returnUrl is required' }).min(1, 'returnUrl is required').max(2000),
});

export function billingRoutes(billing: BillingService, webhooks: WebhookHandler | null): Router {
  const r = Router();

  r.post('/billing/checkout', requireUser, async (req, res) => {
    res.json(await billing.checkout(currentUser(req), parse(checkoutSchema, req.body).priceId));
  });

  r.post('/billing/portal', requireUser, async (req, res) => {
    res.json(await billing.portal(currentUser(req).id, parse(portalSchema, req.body).returnUrl));
  });

  r.get('/billing/subscription', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await billing.state(currentUser(req).id));
  });

  r.get('/billing/sessions/:id', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await billing.session(currentUser(req).id, String(req.params.id)));
  });

  // Stripe's deliveries: no session; the signature over the raw body (app.ts keeps it raw) is the proof.
  r.post('/billing/webhook', async (req, res) => {
    if (!webhooks) throw new AppError(503, 'billing_not_configured', billingMessages.notConfigured);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await webhooks.receive(body, req.get('stripe-signature')));
  });

  return r;
}
