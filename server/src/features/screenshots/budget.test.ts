import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotBudget } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { jobQueue } from '../../jobs/queue.js';
import { diskFileStore } from '../../integrations/files/index.js';
import type { Screenshotter } from '../../integrations/screenshots/index.js';
import { screenshotRepository } from './repository.js';
import { SCREENSHOT_JOB, screenshotService } from './service.js';

describe.each(testDialects)('the screenshot budget per account on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  // The browser is the outside world here: these tests are about which captures are queued when.
  const browser: Screenshotter = { available: true, capture: async () => new Uint8Array(), close: async () => {} };

  it('queues an account’s captures past the budget for later hours, and leaves others’ alone', async () => {
    const { db } = t.server.database;
    const shots = screenshotService({
      repo: screenshotRepository(db),
      queue: jobQueue(db, dialect),
      files: diskFileStore(t.dataDir),
      screenshotter: browser,
      poke: () => {},
    });
    const { perAccount, windowMs } = screenshotBudget;
    const before = Date.now();
    for (let i = 0; i < perAccount + 5; i++)
      await shots.request(`budget-${dialect}-${i}.example.com`, `https://budget-${dialect}-${i}.example.com/a`, {
        accountId: 'importer',
      });
    await shots.request(`other-${dialect}.example.com`, `https://other-${dialect}.example.com/`, {
      accountId: 'other',
    });

    const jobs = await db
      .selectFrom('job')
      .select(['account_id', 'run_at'])
      .where('type', '=', SCREENSHOT_JOB)
      .where('account_id', 'in', ['importer', 'other'])
      .execute();
    const later = (who: string) =>
      jobs.filter((j) => j.account_id === who && new Date(j.run_at).getTime() >= before + windowMs);
    expect(jobs.filter((j) => j.account_id === 'importer')).toHaveLength(perAccount + 5);
    expect(later('importer')).toHaveLength(5);
    expect(jobs.filter((j) => j.account_id === 'other')).toHaveLength(1);
    expect(later('other')).toEqual([]);
    // Meanwhile the favourite reads as pending, and the web app shows its site icon.
    expect((await screenshotRepository(db).find(`budget-${dialect}-${perAccount}.example.com`))?.status).toBe(
      'pending',
    );
  });
});
