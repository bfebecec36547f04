import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages as m, resetMailLimit } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';

let n = 0;
const uniqueEmail = () => `reset${++n}-${Date.now()}@example.com`;

describe.each(testDialects)('reset mails per target address on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());
  // The clock stands still, so a slow run never outlasts the limit's window, and the test can move it on.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // The app trusts X-Forwarded-For from loopback: each request from another client address, so the
  // per-client limit (AUTH_RATE_LIMIT) never comes into it.
  let client = 0;
  const forgot = (email: string) =>
    t
      .agent()
      .request('POST', '/api/auth/forgot', { email }, { headers: { 'x-forwarded-for': `203.0.113.${++client}` } });

  /** Reset mails written to an address, once the worker has run every queued mail. */
  async function resetMailsTo(email: string) {
    await t.server.worker.idle();
    return (await t.outbox()).filter((x) => x.to === email && x.text.includes('mode=resetPassword'));
  }

  async function resetJobsFor(email: string) {
    const jobs = await t.server.database.db
      .selectFrom('job')
      .select('payload')
      .where('type', '=', 'auth-mail')
      .execute();
    return jobs.filter((j) => j.payload === JSON.stringify({ kind: 'reset', email }));
  }

  it('mails one address a few resets an hour, however many clients ask, and answers each the same', async () => {
    const victim = uniqueEmail();
    await t.agent().seedAccount(victim);
    const unknown = uniqueEmail();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await forgot(victim), await forgot(unknown));

    // Known or unknown, under or over the limit: the same status and body, never a 429.
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([200, { message: m.forgotSuccess }]);
    for (const answer of answers) expect(answer.headers.get('retry-after')).toBeNull();

    expect(await resetMailsTo(victim)).toHaveLength(resetMailLimit.perAddress);
    expect(await resetJobsFor(victim)).toHaveLength(resetMailLimit.perAddress);
    expect(await resetJobsFor(unknown)).toHaveLength(resetMailLimit.perAddress);

    // Another address is counted on its own.
    const other = uniqueEmail();
    await t.agent().seedAccount(other);
    expect((await forgot(other)).body).toEqual({ message: m.forgotSuccess });
    expect(await resetMailsTo(other)).toHaveLength(1);

    // The next window mails the victim again.
    vi.setSystemTime(Date.now() + resetMailLimit.windowMs);
    expect((await forgot(victim)).body).toEqual({ message: m.forgotSuccess });
    expect(await resetMailsTo(victim)).toHaveLength(resetMailLimit.perAddress + 1);
  });

  it('counts an address the same however it is written', async () => {
    const email = uniqueEmail();
    await t.agent().seedAccount(email);
    for (const spelling of [email, email.toUpperCase(), ` ${email} `, email, email])
      expect((await forgot(spelling)).status).toBe(200);
    expect(await resetMailsTo(email)).toHaveLength(resetMailLimit.perAddress);
  });
});
