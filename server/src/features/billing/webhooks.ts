import type Stripe from 'stripe';
import { billingMessages } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import type { BillingCatalog } from './catalog.js';
import { planOfProduct } from './catalog.js';
import type { BillingQueries, BillingRepository, SubscriptionRow } from './repository.js';

const subscriptionEvents = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** The subscription an event is about; invoices name it under `parent` in recent API versions. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const o = event.data.object as unknown as Record<string, any>;
  if (event.type.startsWith('customer.subscription.')) return o.id;
  if (event.type === 'checkout.session.completed') return idOf(o.subscription);
  return idOf(o.subscription) ?? idOf(o.parent?.subscription_details?.subscription);
}

/** Statuses after which Stripe never revives a subscription. */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

/**
 * Our row for Stripe's state of a subscription, marked with `stateAt`, the Stripe time (seconds)
 * that state is at least as new as: the ordered write in the repository compares it.
 */
export function subscriptionRow(
  sub: Stripe.Subscription,
  userId: string,
  stateAt: number,
): Omit<SubscriptionRow, 'updated_at'> {
  const item = sub.items.data[0];
  const price = item?.price;
  const interval: string | undefined = price?.recurring?.interval;
  const product = price && typeof price.product === 'object' ? (price.product as Stripe.Product) : null;
  // Older API versions keep the period on the subscription; recent ones on each item.
  const periodEnd = item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  const ended = endedStatuses.has(sub.status) || !!sub.ended_at;
  return {
    id: sub.id,
    user_id: userId,
    stripe_customer_id: idOf(sub.customer)!,
    status: sub.status,
    plan: planOfProduct(product),
    price_id: price?.id ?? null,
    interval: interval === 'month' || interval === 'year' ? interval : null,
    cancel_at_period_end: sub.cancel_at_period_end ? 1 : 0,
    current_period_end: iso(periodEnd),
    created_at: iso(sub.created)!,
    ended: ended ? 1 : 0,
    state_at: stateAt,
    ended_at: iso(sub.ended_at ?? (ended ? sub.canceled_at : null)),
  };
}

/**
 * Stores what Stripe said of a subscription through the ordered write, and sets the user's flags
 * from what is stored then, with `q` bound to the caller's transaction. Webhooks and the reconcile
 * both go through here. Answers whether Stripe's answer was newer than the stored state.
 */
export async function applyStripeSubscription(
  q: BillingQueries,
  sub: Stripe.Subscription,
  userId: string,
  stateAt: number,
): Promise<boolean> {
  const applied = await q.applySubscription(subscriptionRow(sub, userId, stateAt));
  await q.recomputeFlags(userId);
  return applied;
}

export interface WebhookDeps {
  stripe: Stripe;
  webhookSecret: string | null;
  repo: BillingRepository;
  catalog: BillingCatalog;
  log: Logger;
}

/**
 * Verifies and handles one webhook delivery. Stripe is asked first (outside any transaction); the
 * event id, the subscription row and the user's flags are then written in one transaction, so a
 * delivery either changes all of them or none, and a second delivery of the same id finds it claimed.
 */
export function webhookHandler(deps: WebhookDeps) {
  const { stripe, repo, catalog, log } = deps;

  function verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!deps.webhookSecret) throw new AppError(503, 'billing_not_configured', billingMessages.notConfigured);
    try {
      if (!signature) throw new Error('no signature');
      return stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
    } catch {
      throw new AppError(400, 'webhook_signature', billingMessages.webhookSignature);
    }
  }

  async function currentSubscription(id: string): Promise<Stripe.Subscription | null> {
    try {
      return await stripe.subscriptions.retrieve(id, { expand: ['items.data.price.product'] });
    } catch (err) {
      // Gone from Stripe (a deleted test customer): nothing to store. Anything else is retried by Stripe.
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }

  async function handleSubscription(event: Stripe.Event): Promise<boolean> {
    const id = subscriptionIdOf(event);
    // A checkout that completed is never offered again by checkout-sessions.ts.
    if (event.type === 'checkout.session.completed')
      await repo.dropCheckoutSession((event.data.object as { id: string }).id);
    // Events arrive out of order and late: what Stripe says now is what gets stored, unless a newer
    // state is stored by then (this read can be overtaken by a later event's: applySubscription).
    // The read is at least as new as the event, so the event's time is the state's marker.
    const sub = id ? await currentSubscription(id) : null;
    const userId = sub ? await repo.userOfCustomer(idOf(sub.customer)!) : null;
    return repo.transaction(async (q) => {
      if (!(await q.claimEvent(event.id, event.type))) return false;
      if (!sub) return true;
      if (!userId) {
        log.warn({ event: event.id, subscription: sub.id }, 'Stripe event for a customer this server does not know');
        return true;
      }
      const applied = await applyStripeSubscription(q, sub, userId, event.created);
      if (!applied)
        log.info({ event: event.id, subscription: sub.id }, 'Stripe read older than the stored state: kept');
      return true;
    });
  }

  async function handleCatalogue(event: Stripe.Event): Promise<boolean> {
    const o = event.data.object as unknown as { id: string; product?: string | { id: string } };
    const productId = event.type.startsWith('price.') ? idOf(o.product) : o.id;
    if (productId) await catalog.syncProduct(productId);
    // The catalogue write is idempotent; the claim only marks the id as seen.
    return repo.transaction((q) => q.claimEvent(event.id, event.type));
  }

  return {
    /** Answers whether the event was new (false: a replay or duplicate, nothing done). */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
      const event = verify(rawBody, signature);
      // A replay is answered without asking Stripe; the claim in the transaction still decides.
      if (await repo.eventSeen(event.id)) return { received: true, duplicate: true };
      let fresh: boolean;
      if (subscriptionEvents.has(event.type)) fresh = await handleSubscription(event);
      else if (event.type.startsWith('product.') || event.type.startsWith('price.'))
        fresh = await handleCatalogue(event);
      else if (event.type === 'checkout.session.expired') {
        // An expired checkout is never offered again; dropping it twice is harmless.
        await repo.dropCheckoutSession((event.data.object as Stripe.Checkout.Session).id);
        fresh = await repo.transaction((q) => q.claimEvent(event.id, event.type));
      } else fresh = await repo.transaction((q) => q.claimEvent(event.id, event.type));
      return fresh ? { received: true } : { received: true, duplicate: true };
    },
  };
}

export type WebhookHandler = ReturnType<typeof webhookHandler>;
