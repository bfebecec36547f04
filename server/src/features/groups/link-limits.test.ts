import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupLinkCapFree, groupLinkDailyBudget, groupMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newUser } from '../../testing/adverts.js';
import { addLink, createGroup, error, insertLinks, linkInput, refusal, storedLinks } from '../../testing/groups.js';

// Issue 24: group links had no cap and no budget.
describe.each(testDialects)('caps and budgets on group links on %s', (dialect) => {
  let t: TestServer;

  beforeAll(async () => {
    // The daily budget is a window of the clock: frozen, the day cannot roll over during the test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  it("refuses a link past the Free plan's cap per group and stores nothing", async () => {
    const owner = await newUser(t, 'Fay');
    const group = await createGroup(owner.agent, 'Free team');
    await insertLinks(t, group.id, owner.id, groupLinkCapFree - 1);
    await addLink(owner.agent, group.id, linkInput('last'));
    expect(await storedLinks(t, group.id)).toBe(groupLinkCapFree);

    const res = await owner.agent.post(`/api/groups/${group.id}/links`, linkInput('one-too-many'));
    expect(refusal(res)).toEqual(error(409, 'group_link_limit', m.linkLimit(groupLinkCapFree)));
    expect(m.linkLimit(groupLinkCapFree)).toContain('1,000 links');
    expect(await storedLinks(t, group.id)).toBe(groupLinkCapFree);
    const found = (await owner.agent.get(`/api/groups/${group.id}/links?q=one-too-many`)).body;
    expect(found.total).toBe(0);
  });

  it('refuses adds past the daily budget with 429 and Retry-After; another account is unaffected', async () => {
    const owner = await newUser(t, 'Dan');
    const group = await createGroup(owner.agent, 'Busy team');
    // The day's count as if the account had added all but one of its budget already.
    await t.server.database.db
      .insertInto('rate_limit')
      .values({
        key: `group-link-add:user:${owner.id}`,
        window_start: Date.now(),
        count: groupLinkDailyBudget.perAccount - 1,
      })
      .execute();
    await addLink(owner.agent, group.id, linkInput('within'));

    const res = await owner.agent.post(`/api/groups/${group.id}/links`, linkInput('past'));
    expect(refusal(res)).toEqual(error(429, 'rate_limited', m.tooManyLinks));
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedLinks(t, group.id)).toBe(1);

    const other = await newUser(t, 'Eve');
    const theirs = await createGroup(other.agent, 'Quiet team');
    await addLink(other.agent, theirs.id, linkInput('theirs'));
    expect(await storedLinks(t, theirs.id)).toBe(1);
  });
});
