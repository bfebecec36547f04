import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import { testPublicUrl } from '../../testing/harness.js';
import { newUser } from '../../testing/adverts.js';
import { flagsOf, startBillingServer, subscriptionRows, type BillingWorld } from '../../testing/billing.js';

// The fake's hosted pages, which the browser tests click through.
describe.each(testDialects)("the Stripe fake's hosted pages on %s", (dialect) => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingServer(dialect);
  });
  afterAll(() => w?.close());

  it('pays on the checkout page, returns to /payment/success, and cancels in the portal', async () => {
    const { agent, id } = await newUser(w.t, 'Clicker');
    const { url } = (await agent.post('/api/billing/checkout', { priceId: w.plans.pro.month.id })).body;
    const page = await (await fetch(url)).text();
    expect(page).toContain('Subscribe to Pro');
    expect(page).toContain('>Pay</button>');
    const sessionId = String(url).split('/').pop();
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${testPublicUrl}/payment/success?session_id=${sessionId}`);
    await w.fake.idle();
    expect(await flagsOf(w.t, id)).toEqual(['subscriptionPro']);

    const portal = (await agent.post('/api/billing/portal', { returnUrl: '/profile' })).body.url;
    expect(await (await fetch(portal)).text()).toContain(`<a href="${testPublicUrl}/profile">Return</a>`);
    const cancelled = await fetch(`${portal}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect((await subscriptionRows(w.t, id))[0]).toMatchObject({ status: 'active', cancel_at_period_end: 1 });
    expect(await flagsOf(w.t, id)).toEqual(['subscriptionPro']);
  });
});
