import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingMessages, checkoutSessionBudget } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { newUser } from '../../testing/adverts.js';
import { startBillingServer, type BillingWorld } from '../../testing/billing.js';

// Issue 24, "One account can spend shared quotas": 100 checkouts made 100 Checkout Sessions.
describe.each(testDialects)('one Checkout Session per account and price on %s', (dialect) => {
  let w: BillingWorld;
  let extraPrices: string[];
  beforeAll(async () => {
    // The budget's window is a fixed hour: Date stands still so the test never straddles two.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    w = await startBillingServer(dialect);
    // More prices than the budget allows sessions, all read from Stripe by the catalogue.
    const product = w.plans.pro.product.id;
    extraPrices = [601, 602, 603, 604, 605].map(
      (amount) => w.fake.setPrice({ product, unit_amount: amount, interval: 'month' }).id,
    );
    await w.fake.sendEvent('price.created', w.fake.state.prices.get(extraPrices[0]!));
  });
  afterAll(async () => {
    await w?.close();
    vi.useRealTimers();
  });

  const sessionsOf = (userId: string) => w.fake.sessions().filter((s) => s.client_reference_id === userId);
  const allPrices = () => [
    w.plans.pro.month.id,
    w.plans.pro.year.id,
    w.plans.business.month.id,
    w.plans.business.year.id,
    w.plans.enterprise.month.id,
    w.plans.enterprise.year.id,
    ...extraPrices,
  ];

  it('answers 100 checkouts for one price with one session, a new price with its own, then 429', async () => {
    const { agent, id } = await newUser(w.t, 'Hammer');
    const price = w.plans.pro.month.id;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => agent.post('/api/billing/checkout', { priceId: price })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    const made = sessionsOf(id);
    expect(made).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.url))).toEqual(new Set([`${w.fake.url}/checkout/${made[0]!.id}`]));

    // Another price: a session of its own, for that price.
    const year = await agent.post('/api/billing/checkout', { priceId: w.plans.pro.year.id });
    expect(year.status).toBe(200);
    expect(sessionsOf(id)).toHaveLength(2);
    expect(sessionsOf(id)[1]!.line_items).toEqual([{ price: w.plans.pro.year.id, quantity: 1 }]);
    expect(year.body.url).toBe(`${w.fake.url}/checkout/${sessionsOf(id)[1]!.id}`);

    // New prices until the budget is spent; the next new one is refused and makes no session.
    const [fresh, ...rest] = allPrices().slice(2);
    for (const priceId of [fresh!, ...rest].slice(0, checkoutSessionBudget.perAccount - 2))
      expect((await agent.post('/api/billing/checkout', { priceId })).status, priceId).toBe(200);
    expect(sessionsOf(id)).toHaveLength(checkoutSessionBudget.perAccount);
    const over = await agent.post('/api/billing/checkout', { priceId: allPrices()[checkoutSessionBudget.perAccount]! });
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual({ code: 'rate_limited', message: billingMessages.tooManyCheckouts });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sessionsOf(id)).toHaveLength(checkoutSessionBudget.perAccount);

    // A session already made is still offered: reuse costs nothing.
    const again = await agent.post('/api/billing/checkout', { priceId: price });
    expect(again).toMatchObject({ status: 200, body: { url: answers[0]!.body.url } });

    // Another account is not touched by this one's budget, and never gets its session.
    const other = await newUser(w.t, 'Bystander');
    const theirs = await other.agent.post('/api/billing/checkout', { priceId: price });
    expect(theirs.status).toBe(200);
    expect(theirs.body.url).not.toBe(answers[0]!.body.url);
    expect(sessionsOf(other.id)).toMatchObject([{ line_items: [{ price, quantity: 1 }] }]);
  });

  it('makes a new session once the stored one expired or completed', async () => {
    const { agent, id } = await newUser(w.t, 'Returner');
    const price = w.plans.business.month.id;
    const first = await agent.post('/api/billing/checkout', { priceId: price });
    const firstSession = sessionsOf(id)[0]!;
    // Stripe expires it and says so.
    firstSession.status = 'expired';
    await w.fake.sendEvent('checkout.session.expired', w.fake.state.sessionJson(firstSession));
    const second = await agent.post('/api/billing/checkout', { priceId: price });
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    expect(sessionsOf(id)).toHaveLength(2);
    expect((await agent.post('/api/billing/checkout', { priceId: price })).body.url).toBe(second.body.url);
  });
});
