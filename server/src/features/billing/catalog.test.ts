import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@linkhive/shared/domain';
import { testDialects } from '../../testing/databases.js';
import { startTestServer } from '../../testing/harness.js';
import { newUser } from '../../testing/adverts.js';
import { startBillingServer, type BillingWorld } from '../../testing/billing.js';

describe.each(testDialects)('the plans read from Stripe on %s', (dialect) => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingServer(dialect);
  });
  afterAll(() => w?.close());

  const pricesOf = async (key: string) =>
    (await w.t.agent().get('/api/plans')).body.items.find((p: { key: string }) => p.key === key).prices;

  it("replaces the paid plans' prices with Stripe's and keeps the free plan", async () => {
    expect(await pricesOf('pro')).toEqual([
      { id: w.plans.pro.month.id, unitAmount: 499, currency: 'gbp', interval: 'month' },
      { id: w.plans.pro.year.id, unitAmount: 5400, currency: 'gbp', interval: 'year' },
    ]);
    expect((await pricesOf('free')).map((p: { id: string }) => p.id)).toEqual(['plan_free_month']);
    const db = w.t.server.database.db;
    expect(await db.selectFrom('product').select(['key', 'stripe_product_id']).orderBy('sort').execute()).toEqual([
      { key: 'free', stripe_product_id: null },
      { key: 'pro', stripe_product_id: w.plans.pro.product.id },
      { key: 'business', stripe_product_id: w.plans.business.product.id },
      { key: 'enterprise', stripe_product_id: w.plans.enterprise.product.id },
    ]);
    expect(await db.selectFrom('price').select('id').where('id', '=', 'plan_pro_month').execute()).toEqual([]);
  });

  it('follows price and product events', async () => {
    const gone = w.fake.setPrice({ id: w.plans.business.year.id, product: w.plans.business.product.id, active: false });
    expect((await w.fake.sendEvent('price.updated', gone)).status).toBe(200);
    expect((await pricesOf('business')).map((p: { id: string }) => p.id)).toEqual([w.plans.business.month.id]);
    const row = await w.t.server.database.db
      .selectFrom('price')
      .selectAll()
      .where('id', '=', gone.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ active: 0, stripe_price_id: gone.id, unit_amount: 10800, interval: 'year' });
    const { agent } = await newUser(w.t, 'Yearly');
    const res = await agent.post('/api/billing/checkout', { priceId: gone.id });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(billingMessages.unknownPrice);

    const renamed = w.fake.setProduct({
      id: w.plans.enterprise.product.id,
      name: 'Enterprise Plus',
      description: 'All of it.',
    });
    await w.fake.sendEvent('product.updated', renamed);
    const plans = (await w.t.agent().get('/api/plans')).body.items;
    expect(plans.find((p: { key: string }) => p.key === 'enterprise')).toMatchObject({
      name: 'Enterprise Plus',
      description: 'All of it.',
    });
  });
});

describe.each(testDialects)('a Stripe that does not answer at start on %s', (dialect) => {
  it('keeps the stored plans and starts anyway', async () => {
    // Nothing listens on port 9 of this machine: the read fails and is logged.
    const t = await startTestServer(dialect, {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      await t.server.billingReady;
      const plans = (await t.agent().get('/api/plans')).body.items;
      expect(plans.find((p: { key: string }) => p.key === 'pro').prices.map((p: { id: string }) => p.id)).toEqual([
        'plan_pro_month',
        'plan_pro_year',
      ]);
      const state = await (await newUser(t, 'Early')).agent.get('/api/billing/subscription');
      expect(state.body).toEqual({ enabled: true, subscription: null, canManage: false });
    } finally {
      await t.close();
    }
  });
});
