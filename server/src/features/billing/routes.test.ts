import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, billingMessages } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';

describe.each(testDialects)('checkout and portal on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('asks a visitor to sign in before checkout', async () => {
    const res = await t.agent().post('/api/billing/checkout', { priceId: 'plan_pro_month' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(authMessages.notAuthenticated);
  });

  it('answers 503 with a plain message while no payment provider is configured', async () => {
    const a = t.agent();
    await a.seedAccount(`pat-${dialect}@example.com`, 'Pat');
    const res = await a.post('/api/billing/checkout', { priceId: 'plan_pro_year' });
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({ code: 'billing_not_configured', message: billingMessages.notConfigured });
    const portal = await a.post('/api/billing/portal', { returnUrl: '/profile' });
    expect(portal.status).toBe(503);

    const unknown = await a.post('/api/billing/checkout', { priceId: 'plan_gold_month' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(billingMessages.unknownPrice);
    const missing = await a.post('/api/billing/checkout', {});
    expect(missing.status).toBe(400);
  });
});
