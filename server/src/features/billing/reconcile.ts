import type { StripeClient, StripeSubscription } from '../../integrations/stripe/types.js';
import type { JobAttempt } from '../../jobs/worker.js';
import type { Logger } from '../../logger.js';
import type { BillingRepository } from './repository.js';
import { applyStripeSubscription } from './webhooks.js';

/** The job type of the daily reconcile, for the 'billing' lane (see docs/billing.md). */
export const BILLING_RECONCILE_JOB = 'billing.reconcile';

export interface ReconcileDeps {
  stripe: StripeClient;
  repo: BillingRepository;
  log: Logger;
  /** Queues the job for the page after `after` (same day); given by server.ts, which owns the queue. */
  queueNext?: (next: ReconcilePage) => Promise<void>;
  /** Subscriptions read per job (default 100: well within a job's time limit at Stripe's pace). */
  pageSize?: number;
}

/** A reconcile job's payload: the day it belongs to and where in the id order it starts. */
export interface ReconcilePage {
  day?: string;
  after?: string;
}

export interface ReconcileResult {
  checked: number;
  /** Rows the ordered write changed (Stripe said something newer than stored). */
  changed: number;
  failed: number;
}

/**
 * A webhook can be lost for good (an endpoint down past Stripe's three days of retries), and then
 * a paid flag would outlive its subscription. The reconcile re-reads from Stripe every subscription
 * that grants a flag now and stores the answer through the same ordered write as the webhooks, so
 * it never undoes a newer state a webhook stored meanwhile. One read at a time: a slow trickle on
 * Stripe's shared rate rather than a burst. A page of subscriptions a job: re-reading one twice
 * (a page retried) is harmless, since the writes are ordered.
 */
export function subscriptionReconciler(deps: ReconcileDeps) {
  const { stripe, repo, log } = deps;

  const pageSize = deps.pageSize ?? 100;

  /**
   * One page: the reads stop early when the job is cut off; `next` is where the following page
   * starts (after the last subscription read), or null when this was the last.
   */
  async function reconcilePage(
    after: string | undefined,
    signal?: AbortSignal,
  ): Promise<ReconcileResult & { next: string | null }> {
    const result: ReconcileResult = { checked: 0, changed: 0, failed: 0 };
    const rows = await repo.grantingSubscriptions({ after, limit: pageSize });
    let last: string | undefined;
    for (const row of rows) {
      if (signal?.aborted) return { ...result, next: last ?? after ?? null };
      last = row.id;
      let sub: StripeSubscription;
      try {
        const read = await stripe.retrieveSubscription(row.id);
        if (!read) throw new Error(`Stripe has no subscription ${row.id}`);
        sub = read;
      } catch (err) {
        // A 404 (a deleted test customer) is logged and left for an operator; Stripe never sent its end.
        log.error({ err, subscription: row.id }, 'Stripe subscription could not be reconciled');
        result.failed++;
        continue;
      }
      result.checked++;
      // Without Stripe's time, the stored marker: the write then applies on a tie only.
      const stateAt = Math.max(sub.answeredAt ?? row.state_at, row.state_at);
      if (await repo.transaction((q) => applyStripeSubscription(q, sub, row.user_id, stateAt))) result.changed++;
    }
    return { ...result, next: rows.length === pageSize ? (last ?? null) : null };
  }

  /** Every page in turn, in this call (the CLI and tests); the job does one page a job. */
  async function reconcileSubscriptions(signal?: AbortSignal): Promise<ReconcileResult> {
    const total: ReconcileResult = { checked: 0, changed: 0, failed: 0 };
    let after: string | undefined;
    do {
      const page = await reconcilePage(after, signal);
      total.checked += page.checked;
      total.changed += page.changed;
      total.failed += page.failed;
      after = page.next ?? undefined;
    } while (after !== undefined && !signal?.aborted);
    log.info(total, 'billing reconcile done');
    return total;
  }

  return {
    reconcileSubscriptions,
    /**
     * The job handler: one page, then the job for the next page is queued, so that thousands of
     * subscriptions never make one job that outlives its time limit and starts over. Fails (so the
     * worker retries this page) when some subscription could not be read, after the next is queued.
     */
    async handleJob(payload: ReconcilePage, attempt?: JobAttempt): Promise<void> {
      const page = await reconcilePage(payload?.after, attempt?.signal);
      if (page.next !== null && deps.queueNext) await deps.queueNext({ day: payload?.day, after: page.next });
      log.info({ ...page, after: payload?.after }, 'billing reconcile page done');
      if (page.failed) throw new Error(`billing reconcile: ${page.failed} subscription(s) could not be read`);
      if (attempt?.signal?.aborted) throw new Error('billing reconcile: cut off; the rest is queued');
    },
  };
}

export type SubscriptionReconciler = ReturnType<typeof subscriptionReconciler>;
