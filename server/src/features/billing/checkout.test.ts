import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { testPublicUrl } from '../../testing/harness.js';
import { newUser } from '../../testing/adverts.js';
import { startBillingServer, subscribedUser, type BillingWorld } from '../../testing/billing.js';

describe.each(testDialects)('checkout, portal and the return page on %s', (dialect) => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingServer(dialect);
  });
  afterAll(() => w?.close());

  it("opens a subscription checkout for the user's own customer, made once", async () => {
    const { agent, id, email } = await newUser(w.t, 'Buyer');
    const price = w.plans.pro.month;
    const res = await agent.post('/api/billing/checkout', { priceId: price.id });
    expect(res.status).toBe(200);
    const session = w.fake.sessions().at(-1)!;
    expect(res.body).toEqual({ url: `${w.fake.url}/checkout/${session.id}` });
    const [customer] = await w.t.server.database.db
      .selectFrom('billing_customer')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customer!.stripe_customer_id,
      client_reference_id: id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: `${testPublicUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${testPublicUrl}/`,
    });
    expect(w.fake.state.customers.get(customer!.stripe_customer_id)).toMatchObject({ email, metadata: { userId: id } });

    // A second checkout (the buyer came back without paying) reuses the customer.
    const again = await agent.post('/api/billing/checkout', { priceId: w.plans.pro.year.id });
    expect(again.status).toBe(200);
    expect(w.fake.sessions().at(-1)!.customer).toBe(customer!.stripe_customer_id);
    expect(w.fake.customers().filter((c) => c.metadata.userId === id)).toHaveLength(1);
  });

  it('makes one customer when two first checkouts race', async () => {
    const { agent, id } = await newUser(w.t, 'Racer');
    const [a, b] = await Promise.all([
      agent.post('/api/billing/checkout', { priceId: w.plans.pro.month.id }),
      agent.post('/api/billing/checkout', { priceId: w.plans.business.month.id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const stored = await w.t.server.database.db
      .selectFrom('billing_customer')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(w.fake.customers().filter((c) => c.metadata.userId === id)).toHaveLength(1);
    const sessions = w.fake.sessions().filter((s) => s.client_reference_id === id);
    expect(sessions.map((s) => s.customer)).toEqual([stored[0]!.stripe_customer_id, stored[0]!.stripe_customer_id]);
  });

  it('refuses unknown, inactive, free and seeded prices and never takes an amount', async () => {
    const { agent } = await newUser(w.t, 'Picky');
    const old = w.fake.setPrice({
      product: w.plans.pro.product.id,
      unit_amount: 299,
      interval: 'month',
      active: false,
    });
    await w.fake.sendEvent('price.created', old);
    for (const priceId of ['price_nope', old.id, 'plan_free_month', 'plan_pro_month']) {
      const res = await agent.post('/api/billing/checkout', { priceId, unitAmount: 1 });
      expect(res.status, priceId).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: billingMessages.unknownPrice, field: 'priceId' });
    }
    expect(w.fake.sessions().filter((s) => s.line_items[0]!.price === old.id)).toEqual([]);
  });

  it('sends a subscriber to the portal rather than a second checkout', async () => {
    const sub = await subscribedUser(w, w.plans.pro.month.id, 'Twice');
    const before = w.fake.sessions().length;
    const res = await sub.agent.post('/api/billing/checkout', { priceId: w.plans.business.month.id });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'already_subscribed', message: billingMessages.alreadySubscribed });
    expect(w.fake.sessions()).toHaveLength(before);
  });

  it('opens the portal for the customer with a return address on our origin only', async () => {
    const sub = await subscribedUser(w, w.plans.pro.year.id, 'Manager');
    const res = await sub.agent.post('/api/billing/portal', { returnUrl: `${testPublicUrl}/profile` });
    expect(res.status).toBe(200);
    const portal = [...w.fake.state.portals.values()].at(-1)!;
    expect(res.body).toEqual({ url: `${w.fake.url}/portal/${portal.id}` });
    expect(portal).toMatchObject({ customer: sub.subscription.customer, return_url: `${testPublicUrl}/profile` });
    const path = await sub.agent.post('/api/billing/portal', { returnUrl: '/profile' });
    expect(path.status).toBe(200);

    for (const returnUrl of ['https://evil.example/profile', '//evil.example/x', 'javascript:alert(1)']) {
      const bad = await sub.agent.post('/api/billing/portal', { returnUrl });
      expect(bad.status, returnUrl).toBe(400);
      expect(bad.body.error).toEqual({
        code: 'invalid',
        message: billingMessages.returnUrlInvalid,
        field: 'returnUrl',
      });
    }
    const stranger = await newUser(w.t, 'Nobody');
    const none = await stranger.agent.post('/api/billing/portal', { returnUrl: '/profile' });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(billingMessages.noBillingAccount);
  });

  it('says complete only once the webhook has stored the subscription, and hides other users’ sessions', async () => {
    const { agent } = await newUser(w.t, 'Waiter');
    const res = await agent.post('/api/billing/checkout', { priceId: w.plans.business.month.id });
    const sessionId = String(res.body.url).split('/').pop()!;
    const pending = await agent.get(`/api/billing/sessions/${sessionId}`);
    expect(pending.body).toEqual({ status: 'pending', subscription: null });

    // Stripe has completed the session but no webhook has come: the page still waits.
    const session = w.fake.state.sessions.get(sessionId)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    expect((await agent.get(`/api/billing/sessions/${sessionId}`)).body.status).toBe('pending');

    const { deliveries } = await w.fake.activate(sessionId);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    const done = await agent.get(`/api/billing/sessions/${sessionId}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'complete',
      subscription: { plan: 'business', interval: 'month', status: 'active', cancelAtPeriodEnd: false },
    });

    const other = await subscribedUser(w, w.plans.pro.month.id, 'Other');
    for (const id of [sessionId, 'cs_test_missing']) {
      const res2 = await other.agent.get(`/api/billing/sessions/${id}`);
      expect(res2.status).toBe(404);
      expect(res2.body.error.message).toBe(billingMessages.sessionNotFound);
    }
  });

  it('says expired when Stripe expired the checkout', async () => {
    const { agent } = await newUser(w.t, 'Late');
    const res = await agent.post('/api/billing/checkout', { priceId: w.plans.pro.month.id });
    const sessionId = String(res.body.url).split('/').pop()!;
    w.fake.state.sessions.get(sessionId)!.status = 'expired';
    expect((await agent.get(`/api/billing/sessions/${sessionId}`)).body).toEqual({
      status: 'expired',
      subscription: null,
    });
  });
});
