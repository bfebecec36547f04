import { z } from 'zod';
import {
  billingRedirectSchema,
  billingStateSchema,
  checkoutRequestSchema,
  checkoutStateSchema,
  portalRequestSchema,
  webhookReceiptSchema,
} from '../domain/billing.js';
import { endpoint } from './endpoint.js';

const tag = 'billing';

// Without STRIPE_SECRET_KEY every endpoint that needs Stripe answers 503; a Stripe call that fails
// answers 502 with a plain message (the detail goes to the log).
const notConfigured = { 503: ['billing_not_configured'] } as const;
const stripeFailed = { 502: ['billing_failed'] } as const;

export const billingContract = {
  checkout: endpoint({
    method: 'POST',
    path: '/api/billing/checkout',
    summary:
      'The url of a Stripe Checkout Session for the price, the open one reused; 404 for an unknown, inactive or free price, 429 past 10 new sessions an hour',
    tag,
    access: 'user',
    body: checkoutRequestSchema,
    answers: { 200: billingRedirectSchema },
    errors: { 409: ['already_subscribed'], ...stripeFailed, ...notConfigured },
  }),
  portal: endpoint({
    method: 'POST',
    path: '/api/billing/portal',
    summary:
      'The url of the Stripe billing portal, coming back to `returnUrl` (a page of this site); 404 while the user has no Stripe customer',
    tag,
    access: 'user',
    body: portalRequestSchema,
    answers: { 200: billingRedirectSchema },
    errors: { ...stripeFailed, ...notConfigured },
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/billing/subscription',
    summary: 'Whether billing is on, the user’s current subscription and whether the portal can be opened',
    tag,
    access: 'user',
    answers: { 200: billingStateSchema },
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/billing/sessions/:id',
    summary:
      'A checkout the buyer came back from: complete once the webhook has stored its subscription; 404 for an unknown or another user’s session',
    tag,
    access: 'user',
    params: z.object({ id: z.string() }),
    answers: { 200: checkoutStateSchema },
    errors: { ...stripeFailed, ...notConfigured },
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/api/billing/webhook',
    summary: 'Stripe’s event deliveries, the raw body verified against the `Stripe-Signature` header',
    tag,
    // Stripe has no session: the signature over the raw bytes is the proof.
    access: 'public',
    bodyKind: 'raw',
    answers: { 200: webhookReceiptSchema },
    errors: { 400: ['webhook_signature'], ...notConfigured },
  }),
};
