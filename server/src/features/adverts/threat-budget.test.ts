import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { advertMessages as m, advertThreatCheckBudget } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { startSafeBrowsingFake, type SafeBrowsingFake } from '../../testing/safe-browsing-fake.js';
import { advertInput, descriptionOf, newUser } from '../../testing/adverts.js';
import { THREAT_CHECK_JOB } from './threat-check.js';

// Issue 24: 300 link changes in 2 s made 300 Safe Browsing calls.
describe.each(testDialects)('the threat-check budget of adverts on %s', (dialect) => {
  let fake: SafeBrowsingFake;
  let t: TestServer;

  beforeAll(async () => {
    // The budget's hour is a window of the clock: frozen, it cannot roll over during the test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    fake = await startSafeBrowsingFake();
    // Retries of a failed check follow at once (2 and 4 ms, not seconds): the tests wait on their outcome.
    t = await startTestServer(dialect, {
      SAFE_BROWSING_KEY: fake.key,
      SAFE_BROWSING_URL: fake.url,
      JOB_RETRY_BASE_MS: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    vi.useRealTimers();
  });

  /** The checks queued for one advert, done or not: the job rows are the durable record. */
  async function checksOf(advertId: string): Promise<number> {
    const rows = await t.server.database.db
      .selectFrom('job')
      .select('payload')
      .where('type', '=', THREAT_CHECK_JOB)
      .execute();
    return rows.filter((r) => JSON.parse(r.payload).advertId === advertId).length;
  }

  /** Safe Browsing requests about addresses containing `part`, once the queued checks have run. */
  async function callsAbout(part: string): Promise<number> {
    await t.server.worker.idle();
    return fake.requests.filter((r) => String(r.body.threatInfo.threatEntries[0].url).includes(part)).length;
  }

  async function submitted(title: string) {
    const owner = await newUser(t, 'Owner');
    const res = await owner.agent.post('/api/adverts', advertInput(title));
    expect(res.status).toBe(201);
    return { owner, advert: res.body as { id: string; link: string } };
  }

  it('queues no check for 30 edits that keep the address, spelled the same or otherwise', async () => {
    const { owner, advert } = await submitted('Steady Bakes');
    const before = await checksOf(advert.id);
    expect(before).toBe(1);
    const upper = advert.link.replace('https://steady', 'HTTPS://STEADY');
    for (let i = 0; i < 30; i++) {
      const res = await owner.agent.patch(`/api/adverts/${advert.id}`, {
        description: descriptionOf(240 + i),
        link: i % 2 ? advert.link : upper,
      });
      expect(res.status).toBe(200);
      expect(res.body.link).toBe(advert.link);
    }
    expect(await checksOf(advert.id)).toBe(before);
    expect(await callsAbout('steady-bakes')).toBe(1);
  });

  it('refuses link changes past the budget with 429, Retry-After and the message, changing nothing', async () => {
    const budget = advertThreatCheckBudget.perAccount;
    const { owner, advert } = await submitted('Busy Bakes');
    const statuses: number[] = [];
    let lastAccepted: unknown = advert;
    for (let i = 0; i < budget + 5; i++) {
      const link = `https://busy-bakes-${i}.example.com/`;
      const res = await owner.agent.patch(`/api/adverts/${advert.id}`, { link, description: descriptionOf(240 + i) });
      statuses.push(res.status);
      if (res.status === 200) lastAccepted = res.body;
      else {
        expect(res.status).toBe(429);
        expect(res.body.error).toEqual({ code: 'threat_check_budget', message: m.tooManyThreatChecks });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    // The submit's check and the changes share one budget: budget - 1 changes pass, then none.
    expect(statuses).toEqual([...Array(budget - 1).fill(200), ...Array(6).fill(429)]);
    const mine = (await owner.agent.get('/api/adverts/mine')).body.advert;
    // Exactly as the last accepted change left it: refused changes wrote nothing.
    expect(mine).toEqual(lastAccepted);
    expect(mine.link).toBe(`https://busy-bakes-${budget - 2}.example.com/`);
    expect(await checksOf(advert.id)).toBeLessThanOrEqual(budget);
    expect(await callsAbout('busy-bakes')).toBeLessThanOrEqual(budget);

    // Edits that keep the address still pass past the budget.
    const same = await owner.agent.patch(`/api/adverts/${advert.id}`, {
      link: mine.link,
      description: descriptionOf(300),
    });
    expect(same.status).toBe(200);

    // Another owner's budget is their own.
    const other = await submitted('Calm Bakes');
    const changed = await other.owner.agent.patch(`/api/adverts/${other.advert.id}`, {
      link: 'https://calm-bakes-2.example.com/',
    });
    expect(changed.status).toBe(200);
    expect(await checksOf(other.advert.id)).toBe(2);
  });
});
