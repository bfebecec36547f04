import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayPrice } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';

describe.each(testDialects)('plans on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('serves the four plans with their GBP prices from the database', async () => {
    const res = await t.agent().get('/api/plans');
    expect(res.status).toBe(200);
    const plans = res.body.items;
    expect(plans.map((p: { key: string }) => p.key)).toEqual(['free', 'pro', 'business', 'enterprise']);
    const monthly = (key: string, interval: string) =>
      plans
        .find((p: { key: string }) => p.key === key)
        .prices.find((x: { interval: string }) => x.interval === interval)?.unitAmount;
    expect([
      monthly('free', 'month'),
      monthly('pro', 'month'),
      monthly('business', 'month'),
      monthly('enterprise', 'month'),
    ]).toEqual([0, 499, 999, 1999]);
    expect([monthly('pro', 'year'), monthly('business', 'year'), monthly('enterprise', 'year')]).toEqual([
      5400, 10800, 21600,
    ]);
    // The stored yearly price is the one the shared price rule shows.
    expect(displayPrice(499, 'year').amount).toBe('£54');
    expect(plans.find((p: { key: string }) => p.key === 'pro').features).toContain('AI recommendations');
  });
});
