import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import {
  flagsOf,
  startBillingServer,
  subscribedUser,
  subscriptionRows,
  type BillingWorld,
} from '../../testing/billing.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe.each(testDialects)('Stripe webhooks on %s', (dialect) => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingServer(dialect);
  });
  afterAll(() => w?.close());

  const eventCount = async () =>
    Number(
      (
        await w.t.server.database.db
          .selectFrom('stripe_event')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('activates the plan: the row, the flag and /api/auth/me', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id);
    expect(sub.deliveries).toEqual([
      { status: 200, body: { received: true } },
      { status: 200, body: { received: true } },
    ]);
    const item = sub.subscription.items.data[0]!;
    expect(await subscriptionRows(w.t, sub.id)).toMatchObject([
      {
        id: sub.subscription.id,
        stripe_customer_id: sub.subscription.customer,
        status: 'active',
        plan: 'pro',
        price_id: w.plans.pro.month.id,
        interval: 'month',
        cancel_at_period_end: 0,
        current_period_end: iso(item.current_period_end),
        created_at: iso(sub.subscription.created),
      },
    ]);
    expect(await flagsOf(w.t, sub.id)).toEqual(['subscriptionPro']);
    const me = await sub.agent.get('/api/auth/me');
    expect(me.body.permissions).toMatchObject({ subscriptionPro: true, subscriptionBusiness: false, admin: false });
    const state = await sub.agent.get('/api/billing/subscription');
    expect(state.body).toEqual({
      enabled: true,
      canManage: true,
      subscription: {
        plan: 'pro',
        interval: 'month',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: iso(item.current_period_end),
      },
    });
  });

  it('follows renewal, cancel at period end and cancellation', async () => {
    const sub = await subscribedUser(w, w.plans.business.year.id, 'Renew');
    const next = sub.subscription.items.data[0]!.current_period_end + 365 * 86_400;
    expect((await w.fake.change(sub.subscription.id, { current_period_end: next })).status).toBe(200);
    expect((await subscriptionRows(w.t, sub.id))[0]!.current_period_end).toBe(iso(next));

    await w.fake.change(sub.subscription.id, { cancel_at_period_end: true });
    expect(await flagsOf(w.t, sub.id)).toEqual(['subscriptionBusiness']);
    const state = await sub.agent.get('/api/billing/subscription');
    expect(state.body.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'active',
      currentPeriodEnd: iso(next),
    });

    expect((await w.fake.change(sub.subscription.id, { status: 'canceled' })).status).toBe(200);
    expect(await flagsOf(w.t, sub.id)).toEqual([]);
    expect((await subscriptionRows(w.t, sub.id))[0]!.status).toBe('canceled');
    expect((await sub.agent.get('/api/auth/me')).body.permissions.subscriptionBusiness).toBe(false);
  });

  it('removes the flag at once when a payment fails, and restores it when an invoice is paid', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Debtor');
    w.fake.update(sub.subscription.id, { status: 'past_due' });
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      parent: { subscription_details: { subscription: sub.subscription.id } },
    };
    expect((await w.fake.sendEvent('invoice.payment_failed', invoice)).status).toBe(200);
    expect(await flagsOf(w.t, sub.id)).toEqual([]);
    expect((await subscriptionRows(w.t, sub.id))[0]!.status).toBe('past_due');

    w.fake.update(sub.subscription.id, { status: 'active' });
    await w.fake.sendEvent('invoice.paid', invoice);
    expect(await flagsOf(w.t, sub.id)).toEqual(['subscriptionPro']);
  });

  it('swaps the flags on a plan change and keeps admin and advertiser', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Changer');
    await w.t.server.permissions.grant(sub.id, 'admin', 'operator');
    await w.t.server.permissions.grant(sub.id, 'advertiser', 'admin');
    await w.fake.change(sub.subscription.id, { price: w.plans.business.month.id });
    expect(await flagsOf(w.t, sub.id)).toEqual(['admin', 'advertiser', 'subscriptionBusiness']);
    expect((await subscriptionRows(w.t, sub.id))[0]).toMatchObject({
      plan: 'business',
      price_id: w.plans.business.month.id,
    });
    await w.fake.change(sub.subscription.id, { status: 'canceled' });
    expect(await flagsOf(w.t, sub.id)).toEqual(['admin', 'advertiser']);
  });

  it('takes back only the plan flags billing gave: a plan an operator granted stays', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Granted');
    await w.t.server.permissions.grant(sub.id, 'subscriptionBusiness', 'operator');
    expect(await flagsOf(w.t, sub.id)).toEqual(['subscriptionBusiness', 'subscriptionPro']);
    await w.fake.change(sub.subscription.id, { status: 'canceled' });
    expect(await flagsOf(w.t, sub.id)).toEqual(['subscriptionBusiness']);
  });

  it('stores what Stripe says now when an older event arrives late', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Late');
    const stale = w.fake.subscriptionJson(sub.subscription); // status active, as first sent
    await w.fake.change(sub.subscription.id, { status: 'canceled' });
    const late = await w.fake.sendEvent('customer.subscription.updated', { ...stale, status: 'active' });
    expect(late).toEqual({ status: 200, body: { received: true } });
    expect((await subscriptionRows(w.t, sub.id))[0]!.status).toBe('canceled');
    expect(await flagsOf(w.t, sub.id)).toEqual([]);
  });

  it('handles an event id once: a replay changes nothing', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Replay');
    w.fake.update(sub.subscription.id, { status: 'canceled' });
    const first = await w.fake.sendEvent('customer.subscription.deleted', w.fake.subscriptionJson(sub.subscription), {
      id: 'evt_once_' + dialect,
    });
    expect(first.body).toEqual({ received: true });
    // Stripe would never revive it; this only shows that the second delivery does nothing.
    w.fake.update(sub.subscription.id, { status: 'active' });
    const before = await eventCount();
    const replay = await w.fake.sendEvent('customer.subscription.deleted', w.fake.subscriptionJson(sub.subscription), {
      id: 'evt_once_' + dialect,
    });
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await subscriptionRows(w.t, sub.id))[0]!.status).toBe('canceled');
    expect(await flagsOf(w.t, sub.id)).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a forged or unsigned delivery and changes nothing', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Forged');
    w.fake.update(sub.subscription.id, { status: 'canceled' });
    const before = await eventCount();
    const forged = await w.fake.forge('customer.subscription.deleted', w.fake.subscriptionJson(sub.subscription));
    expect(forged).toEqual({
      status: 400,
      body: { error: { code: 'webhook_signature', message: billingMessages.webhookSignature } },
    });
    const unsigned = await fetch(w.fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"evt_x","type":"customer.subscription.deleted"}',
    });
    expect(unsigned.status).toBe(400);
    expect(await flagsOf(w.t, sub.id)).toEqual(['subscriptionPro']);
    expect((await subscriptionRows(w.t, sub.id))[0]!.status).toBe('active');
    expect(await eventCount()).toBe(before);
  });

  it('ignores a subscription of a customer this server never made', async () => {
    const price = w.fake.state.prices.get(w.plans.pro.month.id)!;
    const customer = { id: 'cus_elsewhere', email: null, metadata: {} };
    w.fake.state.customers.set(customer.id, customer);
    const { subscriptionOf } = await import('../../testing/stripe-fake/objects.js');
    const foreign = subscriptionOf(customer.id, price);
    w.fake.state.subscriptions.set(foreign.id, foreign);
    const res = await w.fake.sendEvent('customer.subscription.created', w.fake.subscriptionJson(foreign));
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(
      await w.t.server.database.db.selectFrom('subscription').select('id').where('id', '=', foreign.id).execute(),
    ).toEqual([]);
  });
});
