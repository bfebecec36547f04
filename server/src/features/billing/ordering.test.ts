import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import {
  flagsOf,
  startBillingServer,
  subscribedUser,
  subscriptionRows,
  type BillingWorld,
} from '../../testing/billing.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

// Issue 24, "A cancelled subscription can keep its paid flag": webhooks re-read the subscription
// from Stripe outside any lock, so an older read that finishes last must not overwrite a newer one.
describe.each(testDialects)('ordered subscription writes on %s', (dialect) => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingServer(dialect);
  });
  afterAll(() => w?.close());

  it('keeps a deletion when an older read of the subscription finishes after it', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Slow');
    expect(await flagsOf(w.t, sub.id)).toEqual(['subscriptionPro']);

    // An update whose read of the subscription (still active) is held on its way back.
    const hold = w.fake.holdNextSubscriptionRead();
    const slow = w.fake.sendEvent('customer.subscription.updated', w.fake.subscriptionJson(sub.subscription));
    await hold.arrived;

    // Meanwhile the subscription is cancelled and its deletion is handled in full.
    expect(await w.fake.change(sub.subscription.id, { status: 'canceled' })).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await flagsOf(w.t, sub.id)).toEqual([]);

    // Now the old read arrives.
    hold.release();
    expect(await slow).toEqual({ status: 200, body: { received: true } });

    const canceledAt = w.fake.state.subscriptions.get(sub.subscription.id)!.canceled_at!;
    expect(await subscriptionRows(w.t, sub.id)).toMatchObject([
      { id: sub.subscription.id, status: 'canceled', plan: 'pro', ended: 1, ended_at: iso(canceledAt) },
    ]);
    expect(await flagsOf(w.t, sub.id)).toEqual([]);
    const me = await sub.agent.get('/api/auth/me');
    expect(me.body.permissions.subscriptionPro).toBe(false);
    expect((await sub.agent.get('/api/billing/subscription')).body.subscription).toMatchObject({ status: 'canceled' });
  });

  it('never revives an ended subscription from a later event about it', async () => {
    const sub = await subscribedUser(w, w.plans.business.month.id, 'Ended');
    await w.fake.change(sub.subscription.id, { status: 'canceled' });
    // A (wrong) read saying active again, on a newer event: an ended row only takes an ended state.
    w.fake.update(sub.subscription.id, { status: 'active' });
    await w.fake.sendEvent('invoice.paid', { id: 'in_late', object: 'invoice', subscription: sub.subscription.id });
    expect((await subscriptionRows(w.t, sub.id))[0]).toMatchObject({ status: 'canceled', ended: 1 });
    expect(await flagsOf(w.t, sub.id)).toEqual([]);
  });
});
