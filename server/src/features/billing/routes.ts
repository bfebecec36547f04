import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { billingMessages } from '@linkhive/shared/domain';
import { route } from '../../http/contract-route.js';
import { AppError } from '../../http/errors.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { BillingService } from './service.js';
import type { WebhookHandler } from './webhooks.js';

export function billingRoutes(billing: BillingService, webhooks: WebhookHandler | null): Router {
  const r = Router();
  const c = contract.billing;

  route(r, c.checkout, requireUser, ({ body }, req) => billing.checkout(currentUser(req), body.priceId));
  route(r, c.portal, requireUser, ({ body }, req) => billing.portal(currentUser(req).id, body.returnUrl));

  // Both change as Stripe's webhooks arrive: a cached answer would show the old state.
  route(r, c.subscription, requireUser, (_input, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    return billing.state(currentUser(req).id);
  });
  route(r, c.session, requireUser, ({ params }, req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    return billing.session(currentUser(req).id, params.id);
  });

  // Stripe's deliveries: no session; the signature over the raw body (app.ts keeps it raw) is the proof.
  route(r, c.webhook, async (_input, req) => {
    if (!webhooks) throw new AppError(503, 'billing_not_configured', billingMessages.notConfigured);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    return webhooks.receive(body, req.get('stripe-signature'));
  });

  return r;
}
