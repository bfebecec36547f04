import { startTestServer, type TestServer } from './harness.js';
import type { TestDialect } from './databases.js';
import { startStripeFake, type StripeFake } from './stripe-fake/index.js';
import { newUser } from './adverts.js';

export interface BillingWorld {
  t: TestServer;
  fake: StripeFake;
  plans: ReturnType<StripeFake['seedPlans']>;
  close(): Promise<void>;
}

/** A test server billing through the Stripe fake, whose catalogue has the three paid plans. */
export async function startBillingServer(dialect: TestDialect): Promise<BillingWorld> {
  const fake = await startStripeFake();
  const plans = fake.seedPlans();
  const t = await startTestServer(dialect, fake.env);
  fake.webhookUrl = `${t.url}/api/billing/webhook`;
  await t.server.billingReady;
  return {
    t,
    fake,
    plans,
    async close() {
      await fake.close();
      await t.close();
    },
  };
}

/** A new user who has paid for `priceId` on the fake's checkout; the webhooks have been handled. */
export async function subscribedUser(w: BillingWorld, priceId: string, name = 'Sub') {
  const user = await newUser(w.t, name);
  const res = await user.agent.post('/api/billing/checkout', { priceId });
  if (res.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(res.body)}`);
  const sessionId = String(res.body.url).split('/').pop()!;
  const { subscription, deliveries } = await w.fake.activate(sessionId);
  return { ...user, sessionId, subscription, deliveries };
}

export async function flagsOf(t: TestServer, userId: string) {
  const rows = await t.server.database.db
    .selectFrom('user_permission')
    .select(['flag', 'source'])
    .where('user_id', '=', userId)
    .orderBy('flag')
    .execute();
  return rows.map((r) => r.flag);
}

export function subscriptionRows(t: TestServer, userId: string) {
  return t.server.database.db.selectFrom('subscription').selectAll().where('user_id', '=', userId).execute();
}
