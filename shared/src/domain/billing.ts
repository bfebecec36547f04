import { z } from 'zod';
import { planKeys } from './plans.js';

// The plans' and billing's answer and request schemas (the contract's), apart from plans.ts, which
// every page imports: its types are made from these with type-only imports, so no zod comes along.

export const planPriceSchema = z.object({
  id: z.string(),
  /** Minor units (pence). */
  unitAmount: z.number().int().nonnegative(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
});

export const planSchema = z.object({
  id: z.string(),
  key: z.enum(planKeys),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  prices: z.array(planPriceSchema),
});

/** POST /api/billing/checkout: the price to subscribe to (a PlanPrice id). */
export const checkoutRequestSchema = z.object({
  priceId: z.string({ error: 'priceId is required' }).min(1, 'priceId is required'),
});

/** POST /api/billing/portal: where Stripe's portal sends the user back, a page of this site. */
export const portalRequestSchema = z.object({
  returnUrl: z.string({ error: 'returnUrl is required' }).min(1, 'returnUrl is required').max(2000),
});

/** Checkout and portal answers: the Stripe page the browser goes to. */
export const billingRedirectSchema = z.object({ url: z.string().min(1) });

/** The subscription box of the profile: the user's current plan as Stripe last said. */
export const subscriptionSummarySchema = z.object({
  plan: z.enum(planKeys).exclude(['free']),
  interval: z.enum(['month', 'year']),
  /** Stripe's status: trialing and active count; past_due, unpaid, canceled and the rest do not. */
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** ISO date; the renewal date, or the end date when cancelAtPeriodEnd. */
  currentPeriodEnd: z.string().nullable(),
});

/** GET /api/billing/subscription. */
export const billingStateSchema = z.object({
  /** Whether this server takes payments (STRIPE_SECRET_KEY set). */
  enabled: z.boolean(),
  /** The newest subscription that counts (trialing or active), else the newest of any status, else null. */
  subscription: subscriptionSummarySchema.nullable(),
  /** Whether Manage billing can open the portal (the user has a Stripe customer). */
  canManage: z.boolean(),
});

/** GET /api/billing/sessions/:id: a checkout the buyer came back from, once the webhook has come. */
export const checkoutStateSchema = z.object({
  /** 'complete' once the subscription it made is stored and counts; 'pending' until then. */
  status: z.enum(['pending', 'complete', 'expired']),
  subscription: subscriptionSummarySchema.nullable(),
});

/** POST /api/billing/webhook: the delivery was taken; `duplicate` when its event id was handled before. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
});
