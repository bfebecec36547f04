import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { testDialects } from '../../testing/databases.js';
import {
  flagsOf,
  startBillingServer,
  subscribedUser,
  subscriptionRows,
  type BillingWorld,
} from '../../testing/billing.js';
import { createStripe } from '../../integrations/stripe/index.js';
import { billingRepository } from './repository.js';
import {
  BILLING_RECONCILE_JOB,
  subscriptionReconciler,
  type ReconcilePage,
  type SubscriptionReconciler,
} from './reconcile.js';

const silent = pino({ level: process.env.TEST_LOG ?? 'silent' });

describe.each(testDialects)('billing reconcile on %s', (dialect) => {
  let w: BillingWorld;
  let reconciler: SubscriptionReconciler;
  beforeAll(async () => {
    w = await startBillingServer(dialect);
    // Built as server.ts builds billing: the test server's database and a client of the fake.
    const stripe = (await createStripe({ key: w.fake.env.STRIPE_SECRET_KEY, apiBase: w.fake.url }))!;
    reconciler = subscriptionReconciler({ stripe, repo: billingRepository(w.t.server.database.db), log: silent });
  });
  afterAll(() => w?.close());

  it('takes the flag of a subscription Stripe cancelled without a webhook, and keeps an active one', async () => {
    const lost = await subscribedUser(w, w.plans.pro.month.id, 'Lost');
    const kept = await subscribedUser(w, w.plans.business.year.id, 'Kept');
    // Stripe cancels it, and the deletion webhook never arrives.
    w.fake.update(lost.subscription.id, { status: 'canceled' });
    expect(await flagsOf(w.t, lost.id)).toEqual(['subscriptionPro']);

    const result = await reconciler.reconcileSubscriptions();
    expect(result).toMatchObject({ failed: 0 });
    expect(result.checked).toBeGreaterThanOrEqual(2);
    expect(await flagsOf(w.t, lost.id)).toEqual([]);
    expect((await subscriptionRows(w.t, lost.id))[0]).toMatchObject({ status: 'canceled', ended: 1 });
    expect((await lost.agent.get('/api/auth/me')).body.permissions.subscriptionPro).toBe(false);
    expect(await flagsOf(w.t, kept.id)).toEqual(['subscriptionBusiness']);
    expect((await subscriptionRows(w.t, kept.id))[0]).toMatchObject({ status: 'active', ended: 0 });
    expect((await kept.agent.get('/api/auth/me')).body.permissions.subscriptionBusiness).toBe(true);
  });

  /** A reconciler as server.ts builds it, whose queued next pages the test runs itself. */
  async function pagedReconciler(pageSize?: number) {
    const stripe = (await createStripe({ key: w.fake.env.STRIPE_SECRET_KEY, apiBase: w.fake.url }))!;
    const queued: ReconcilePage[] = [];
    const paged = subscriptionReconciler({
      stripe,
      repo: billingRepository(w.t.server.database.db),
      log: silent,
      pageSize,
      queueNext: async (next) => void queued.push(next),
    });
    return { stripe, queued, paged };
  }

  it('reads a page a job and queues the next, so that thousands never outlive one job (issue 24)', async () => {
    const { queued, paged } = await pagedReconciler(2);
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await subscribedUser(w, w.plans.pro.month.id, `Paged ${i}`));
    for (const u of users) w.fake.update(u.subscription.id, { status: 'canceled' });

    // The day's first job, then each queued page in turn, as the worker would run them.
    let payload: ReconcilePage = { day: '2026-11-25' };
    let jobs = 0;
    for (;;) {
      await paged.handleJob(payload, { attempt: 1, final: false });
      jobs++;
      const next = queued.shift();
      if (!next) break;
      expect(next.day).toBe('2026-11-25');
      payload = next;
    }
    expect(jobs).toBeGreaterThanOrEqual(3);
    for (const u of users) expect(await flagsOf(w.t, u.id)).toEqual([]);
  });

  it('queues the rest when a job is cut off, and fails so that its page is tried again', async () => {
    const { stripe, queued, paged } = await pagedReconciler();
    await subscribedUser(w, w.plans.pro.month.id, 'Cut 1');
    await subscribedUser(w, w.plans.pro.month.id, 'Cut 2');
    // The lane's time limit strikes just after the first read.
    const cut = new AbortController();
    const read = stripe.retrieveSubscription.bind(stripe);
    const reads: string[] = [];
    stripe.retrieveSubscription = async (id) => {
      reads.push(id);
      const sub = await read(id);
      cut.abort();
      return sub;
    };
    await expect(
      paged.handleJob({ day: '2026-11-26' }, { attempt: 1, final: false, signal: cut.signal }),
    ).rejects.toThrow(/cut off/);
    expect(reads).toHaveLength(1);
    expect(queued).toEqual([{ day: '2026-11-26', after: reads[0] }]);
  });
  it('runs as a job handler, and fails the job when Stripe cannot answer for one', async () => {
    const sub = await subscribedUser(w, w.plans.pro.year.id, 'Job');
    w.fake.update(sub.subscription.id, { status: 'unpaid' });
    expect(BILLING_RECONCILE_JOB).toBe('billing.reconcile');
    await reconciler.handleJob({}, { attempt: 1, final: false });
    expect(await flagsOf(w.t, sub.id)).toEqual([]);

    // A subscription Stripe no longer knows: the others are still done, then the job fails to retry.
    const gone = await subscribedUser(w, w.plans.pro.month.id, 'Gone');
    const other = await subscribedUser(w, w.plans.enterprise.month.id, 'Other');
    w.fake.state.subscriptions.delete(gone.subscription.id);
    w.fake.update(other.subscription.id, { status: 'past_due' });
    await expect(reconciler.handleJob({}, { attempt: 1, final: false })).rejects.toThrow(/could not be read/);
    expect(await flagsOf(w.t, other.id)).toEqual([]);
    expect(await flagsOf(w.t, gone.id)).toEqual(['subscriptionPro']);
  });
});
