import type Stripe from 'stripe';
import type { JobAttempt } from '../../jobs/worker.js';
import type { Logger } from '../../logger.js';
import type { BillingRepository } from './repository.js';
import { applyStripeSubscription } from './webhooks.js';

/** The job type of the daily reconcile, for the 'billing' lane (see docs/billing.md). */
export const BILLING_RECONCILE_JOB = 'billing.reconcile';

export interface ReconcileDeps {
  stripe: Stripe;
  repo: BillingRepository;
  log: Logger;
}

export interface ReconcileResult {
  checked: number;
  /** Rows the ordered write changed (Stripe said something newer than stored). */
  changed: number;
  failed: number;
}

/**
 * Stripe's time of an answer (its Date header, in seconds): the state read is at least that new, on
 * the same clock as events' `created`. Undefined when the HTTP client gives no headers.
 */
function answeredAt(obj: unknown): number | undefined {
  const headers = (obj as { lastResponse?: { headers?: unknown } }).lastResponse?.headers as
    { get?: (name: string) => string | null; date?: string } | undefined;
  const date = typeof headers?.get === 'function' ? headers.get('date') : headers?.date;
  const ms = date ? Date.parse(date) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/**
 * A webhook can be lost for good (an endpoint down past Stripe's three days of retries), and then
 * a paid flag would outlive its subscription. The reconcile re-reads from Stripe every subscription
 * that grants a flag now and stores the answer through the same ordered write as the webhooks, so
 * it never undoes a newer state a webhook stored meanwhile. One read at a time: a slow trickle on
 * Stripe's shared rate rather than a burst.
 */
export function subscriptionReconciler(deps: ReconcileDeps) {
  const { stripe, repo, log } = deps;

  async function reconcileSubscriptions(signal?: AbortSignal): Promise<ReconcileResult> {
    const result: ReconcileResult = { checked: 0, changed: 0, failed: 0 };
    for (const row of await repo.grantingSubscriptions()) {
      if (signal?.aborted) break;
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.retrieve(row.id, { expand: ['items.data.price.product'] });
      } catch (err) {
        // A 404 (a deleted test customer) is logged and left for an operator; Stripe never sent its end.
        log.error({ err, subscription: row.id }, 'Stripe subscription could not be reconciled');
        result.failed++;
        continue;
      }
      result.checked++;
      // Without Stripe's time, the stored marker: the write then applies on a tie only.
      const stateAt = Math.max(answeredAt(sub) ?? row.state_at, row.state_at);
      if (await repo.transaction((q) => applyStripeSubscription(q, sub, row.user_id, stateAt))) result.changed++;
    }
    log.info(result, 'billing reconcile done');
    return result;
  }

  return {
    reconcileSubscriptions,
    /** The job handler: fails (so the worker retries) when some subscription could not be read. */
    async handleJob(_payload: unknown, attempt?: JobAttempt): Promise<void> {
      const result = await reconcileSubscriptions(attempt?.signal);
      if (result.failed) throw new Error(`billing reconcile: ${result.failed} subscription(s) could not be read`);
    },
  };
}

export type SubscriptionReconciler = ReturnType<typeof subscriptionReconciler>;
