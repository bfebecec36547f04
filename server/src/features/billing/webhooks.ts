import { billingMessages } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import type { StripeClient, StripeEvent, StripeSubscription } from '../../integrations/stripe/types.js';
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

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** The subscription an event is about: the object itself, or the one a checkout or invoice names. */
function subscriptionIdOf(event: StripeEvent): string | null {
  if (event.type.startsWith('customer.subscription.')) return event.object.id;
  return event.object.subscriptionId;
}

/** Statuses after which Stripe never revives a subscription. */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

/**
 * Our row for Stripe's state of a subscription, marked with `stateAt`, the Stripe time (seconds)
 * that state is at least as new as: the ordered write in the repository compares it.
 */
export function subscriptionRow(
  sub: StripeSubscription,
  userId: string,
  stateAt: number,
): Omit<SubscriptionRow, 'updated_at'> {
  // A subscription here sells one plan: its first item's.
  const item = sub.items[0];
  const price = item?.price;
  const interval = price?.interval;
  // Older API versions keep the period on the subscription; recent ones on each item.
  const periodEnd = item?.currentPeriodEnd ?? sub.currentPeriodEnd;
  const ended = endedStatuses.has(sub.status) || !!sub.endedAt;
  return {
    id: sub.id,
    user_id: userId,
    stripe_customer_id: sub.customerId,
    status: sub.status,
    plan: planOfProduct(item?.product),
    price_id: price?.id ?? null,
    interval: interval === 'month' || interval === 'year' ? interval : null,
    cancel_at_period_end: sub.cancelAtPeriodEnd ? 1 : 0,
    current_period_end: iso(periodEnd),
    created_at: iso(sub.created)!,
    ended: ended ? 1 : 0,
    state_at: stateAt,
    ended_at: iso(sub.endedAt ?? (ended ? sub.canceledAt : null)),
  };
}

/**
 * Stores what Stripe said of a subscription through the ordered write, and sets the user's flags
 * from what is stored then, with `q` bound to the caller's transaction. Webhooks and the reconcile
 * both go through here. Answers whether Stripe's answer was newer than the stored state.
 */
export async function applyStripeSubscription(
  q: BillingQueries,
  sub: StripeSubscription,
  userId: string,
  stateAt: number,
): Promise<boolean> {
  const applied = await q.applySubscription(subscriptionRow(sub, userId, stateAt));
  await q.recomputeFlags(userId);
  return applied;
}

export interface WebhookDeps {
  stripe: StripeClient;
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

  function verify(rawBody: Buffer, signature: string | undefined): StripeEvent {
    if (!deps.webhookSecret) throw new AppError(503, 'billing_not_configured', billingMessages.notConfigured);
    try {
      if (!signature) throw new Error('no signature');
      return stripe.verifyEvent(rawBody, signature, deps.webhookSecret);
    } catch {
      throw new AppError(400, 'webhook_signature', billingMessages.webhookSignature);
    }
  }

  async function handleSubscription(event: StripeEvent): Promise<boolean> {
    const id = subscriptionIdOf(event);
    // A checkout that completed is never offered again by checkout-sessions.ts.
    if (event.type === 'checkout.session.completed') await repo.dropCheckoutSession(event.object.id);
    // Events arrive out of order and late: what Stripe says now is what gets stored, unless a newer
    // state is stored by then (this read can be overtaken by a later event's: applySubscription).
    // The read is at least as new as the event, so the event's time is the state's marker.
    // Null when gone from Stripe (a deleted test customer): nothing to store. A failure throws, and
    // Stripe delivers the event again.
    const sub = id ? await stripe.retrieveSubscription(id) : null;
    const userId = sub ? await repo.userOfCustomer(sub.customerId) : null;
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

  async function handleCatalogue(event: StripeEvent): Promise<boolean> {
    const productId = event.type.startsWith('price.') ? event.object.productId : event.object.id;
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
        await repo.dropCheckoutSession(event.object.id);
        fresh = await repo.transaction((q) => q.claimEvent(event.id, event.type));
      } else fresh = await repo.transaction((q) => q.claimEvent(event.id, event.type));
      return fresh ? { received: true } : { received: true, duplicate: true };
    },
  };
}

export type WebhookHandler = ReturnType<typeof webhookHandler>;
