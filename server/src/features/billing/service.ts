import {
  billingMessages,
  type BillingState,
  type CheckoutState,
  type SubscriptionSummary,
} from '@linkhive/shared/domain';
import { AppError, badRequest } from '../../http/errors.js';
import type { StripeCheckoutSession, StripeClient } from '../../integrations/stripe/types.js';
import type { Logger } from '../../logger.js';
import type { PlanRepository } from '../plans/repository.js';
import { checkoutSessions } from './checkout-sessions.js';
import { countingStatuses, type BillingRepository, type SubscriptionRow } from './repository.js';

export interface BillingDeps {
  plans: PlanRepository;
  repo: BillingRepository;
  /** Null while STRIPE_SECRET_KEY is not set: billing is off. */
  stripe: StripeClient | null;
  publicUrl: string;
  log: Logger;
}

const counts = (s: SubscriptionRow) => countingStatuses.includes(s.status);

export function summaryOf(s: SubscriptionRow): SubscriptionSummary | null {
  if (!s.plan || !s.interval) return null;
  return {
    plan: s.plan,
    interval: s.interval,
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end === 1,
    currentPeriodEnd: s.current_period_end,
  };
}

export function billingService(deps: BillingDeps) {
  const { plans, repo, stripe, log } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const notConfigured = () => new AppError(503, 'billing_not_configured', billingMessages.notConfigured);
  const unknownPrice = () => new AppError(404, 'not_found', billingMessages.unknownPrice, 'priceId');
  const sessions = stripe
    ? checkoutSessions(repo, stripe, {
        success: `${deps.publicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel: `${deps.publicUrl}/`,
      })
    : null;

  /** The user's Stripe customer, made once: concurrent first checkouts share Stripe's answer and the stored row. */
  async function customerFor(stripe: StripeClient, user: { id: string; email: string }): Promise<string> {
    const stored = await repo.customerOf(user.id);
    if (stored) return stored;
    const customer = await stripe.createCustomer(
      { email: user.email, metadata: { userId: user.id } },
      `customer-${user.id}`,
    );
    return repo.storeCustomer(user.id, customer.id);
  }

  /** Wraps a Stripe failure in a plain message; the detail goes to the log. */
  async function stripeCall<T>(what: string, message: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.error({ err }, `Stripe ${what} failed`);
      throw new AppError(502, 'billing_failed', message);
    }
  }

  return {
    async checkout(user: { id: string; email: string }, priceId: string): Promise<{ url: string }> {
      const price = await plans.findActivePrice(priceId);
      if (!price || Number(price.unit_amount) === 0) throw unknownPrice();
      if (!stripe) throw notConfigured();
      // Only prices read from Stripe can be sold; a seeded row has no Stripe id.
      if (!price.stripe_price_id) throw unknownPrice();
      if ((await repo.subscriptionsOf(user.id)).some(counts))
        throw new AppError(409, 'already_subscribed', billingMessages.alreadySubscribed);
      return stripeCall('checkout', billingMessages.checkoutFailed, async () => {
        const customer = await customerFor(stripe, user);
        return { url: await sessions!.urlFor({ userId: user.id, customer, priceId: price.stripe_price_id! }) };
      });
    },

    async portal(userId: string, returnUrl: string): Promise<{ url: string }> {
      if (!stripe) throw notConfigured();
      let target: URL;
      try {
        // A path such as /profile is taken on our origin; anything naming another origin is refused.
        target = new URL(returnUrl, deps.publicUrl);
      } catch {
        throw badRequest(billingMessages.returnUrlInvalid, 'returnUrl');
      }
      if (target.origin !== origin) throw badRequest(billingMessages.returnUrlInvalid, 'returnUrl');
      const customer = await repo.customerOf(userId);
      if (!customer) throw new AppError(404, 'not_found', billingMessages.noBillingAccount);
      return stripeCall('portal', billingMessages.portalFailed, async () => {
        return { url: (await stripe.createPortalSession(customer, target.toString())).url };
      });
    },

    async state(userId: string): Promise<BillingState> {
      const subs = (await repo.subscriptionsOf(userId)).filter((s) => summaryOf(s));
      const current = subs.find(counts) ?? subs[0];
      return {
        enabled: !!stripe,
        subscription: current ? summaryOf(current) : null,
        canManage: !!stripe && !!(await repo.customerOf(userId)),
      };
    },

    /** A checkout the buyer came back from: complete only once the webhook has stored what it made. */
    async session(userId: string, sessionId: string): Promise<CheckoutState> {
      const notFound = () => new AppError(404, 'not_found', billingMessages.sessionNotFound);
      if (!stripe) throw notConfigured();
      const customer = await repo.customerOf(userId);
      if (!customer) throw notFound();
      let session: StripeCheckoutSession | null;
      try {
        session = await stripe.retrieveCheckoutSession(sessionId);
      } catch (err) {
        log.error({ err }, 'Stripe checkout session lookup failed');
        throw new AppError(502, 'billing_failed', billingMessages.checkoutFailed);
      }
      // Another user's session is answered exactly as a missing one.
      if (!session || session.customerId !== customer) throw notFound();
      const subId = session.subscriptionId;
      const stored = subId ? await repo.subscription(subId) : undefined;
      if (stored && stored.user_id === userId && counts(stored))
        return { status: 'complete', subscription: summaryOf(stored) };
      return { status: session.status === 'expired' ? 'expired' : 'pending', subscription: null };
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
