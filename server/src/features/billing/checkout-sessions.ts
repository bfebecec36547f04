import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { billingMessages, checkoutSessionBudget } from '@linkhive/shared/domain';
import { tooManyRequests } from '../../http/errors.js';
import type { StripeClient } from '../../integrations/stripe/types.js';
import type { BillingRepository } from './repository.js';

/** A stored session is offered again only while the buyer still has this long to pay. */
const reuseMinRemainingMs = 30 * 60_000;
/** A claim whose request went quiet this long (a process died mid-call) may be taken over. */
const claimStaleMs = 60_000;
/** How often a request waiting for another one's session looks again. */
const waitStepMs = 50;

export interface CheckoutAsk {
  userId: string;
  customer: string;
  /** Stripe's price id, read from Stripe by the catalogue. */
  priceId: string;
}

/**
 * Issue 24: one account made 100 Checkout Sessions in a second. Each account and price now has one
 * stored session, reused while it is open; a new one is made by the single request that claims the
 * row (the others wait for its answer, across processes too), and new sessions are counted against
 * the account's hourly budget (checkoutSessionBudget), counted before Stripe is asked.
 */
export function checkoutSessions(
  repo: BillingRepository,
  stripe: StripeClient,
  urls: { success: string; cancel: string },
) {
  async function make(ask: CheckoutAsk, claim: string): Promise<string> {
    const key = { userId: ask.userId, priceId: ask.priceId };
    try {
      const { count, retryAfterS } = await repo.countCheckoutCreation(ask.userId);
      if (count > checkoutSessionBudget.perAccount)
        throw tooManyRequests(billingMessages.tooManyCheckouts, retryAfterS);
      const session = await stripe.createSubscriptionCheckout({
        customerId: ask.customer,
        priceId: ask.priceId,
        clientReferenceId: ask.userId,
        metadata: { userId: ask.userId },
        successUrl: urls.success,
        cancelUrl: urls.cancel,
        // A retry of this claim's call (the SDK's own) gets Stripe's first answer, not a second session.
        idempotencyKey: `checkout-${claim}`,
      });
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      await repo.storeCheckout(key, claim, {
        sessionId: session.id,
        customer: ask.customer,
        url: session.url,
        expiresAt: new Date(session.expiresAt * 1000).toISOString(),
      });
      return session.url;
    } catch (err) {
      // Nothing was made: the next request may claim at once.
      await repo.releaseCheckout(key, claim);
      throw err;
    }
  }

  return {
    /** The url of the account's open session for the price, made only when there is none to reuse. */
    async urlFor(ask: CheckoutAsk): Promise<string> {
      const key = { userId: ask.userId, priceId: ask.priceId };
      for (;;) {
        const now = Date.now();
        const row = await repo.checkoutSession(ask.userId, ask.priceId);
        // Reused only for the same account, price (the row's key) and customer, while it stays open.
        if (
          row?.url &&
          row.stripe_customer_id === ask.customer &&
          Date.parse(row.expires_at ?? '') > now + reuseMinRemainingMs
        )
          return row.url;
        if (row && !row.url && Date.parse(row.claimed_at) > now - claimStaleMs) {
          // Another request is making this session: its answer will be stored in a moment.
          await sleep(waitStepMs);
          continue;
        }
        const claim = randomUUID();
        const won = await repo.claimCheckout(key, claim, {
          now: new Date(now).toISOString(),
          staleBefore: new Date(now - claimStaleMs).toISOString(),
          freshUntil: new Date(now + reuseMinRemainingMs).toISOString(),
          customer: ask.customer,
        });
        if (won) return make(ask, claim);
      }
    },
  };
}
