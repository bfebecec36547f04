import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBudgetMessages, type FeedSource } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { account, addFeedBookmark } from '../../testing/feed-accounts.js';

describe.each(testDialects)('the feed fetch budget on %s', (dialect) => {
  let t: TestServer;
  let fixtures: FixtureServer;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    // A smaller budget than the default 500, so the test makes a hundred fetches and not five hundred.
    t = await startTestServer(dialect, { FETCH_ALLOW_HOSTS: 'localhost', FETCH_BUDGET: String(budget) });
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  const budget = 100;
  const spent = { fetchBudgetSpent: true, notice: fetchBudgetMessages.feedsSpent };

  it('bounds what 40 failing feeds of a free account fetch across repeated refreshes, then answers from the cache and says so', async () => {
    const fred = await account(t, 'Fred');
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(await addFeedBookmark(fred, fixtures.url(`/feeds/missing-${dialect}-${i}.xml`, 'localhost')));
    fixtures.resetLog();
    const fetched = () => fixtures.requests.filter((r) => r.path.startsWith(`/feeds/missing-${dialect}-`)).length;

    // Every refresh asks all 40 again (none holds an item), by either path, until the budget is spent.
    let answer;
    let refreshes = 0;
    do {
      answer = refreshes % 2 ? await fred.post('/api/feeds/refresh') : await fred.get('/api/feeds?refresh=true');
      expect(answer.status).toBe(200);
      refreshes++;
    } while (!answer.body.fetchBudgetSpent && refreshes < 10);
    expect(answer.body).toMatchObject(spent);
    expect(fetched()).toBe(budget);
    expect(refreshes).toBe(Math.ceil(budget / 40));

    for (const res of [
      await fred.post('/api/feeds/refresh'),
      await fred.get('/api/feeds?refresh=true'),
      await fred.post(`/api/feeds/sources/${ids[0]}/load`, { refresh: true }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(spent);
    }
    const list = (await fred.get('/api/feeds?refresh=true')).body;
    expect(list.sources.map((s: FeedSource) => s.status)).toEqual(ids.map(() => 'error'));
    expect(fetched()).toBe(budget);

    // The budget is the account's own: another account's refresh still fetches.
    const pat = await account(t, 'Pat');
    await addFeedBookmark(pat, fixtures.url(`/feeds/missing-${dialect}-pat.xml`, 'localhost'));
    const pats = await pat.post('/api/feeds/refresh');
    expect(pats.body.fetchBudgetSpent).toBeUndefined();
    expect(fetched()).toBe(budget + 1);
  });
});
