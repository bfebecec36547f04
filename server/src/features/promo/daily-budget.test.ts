import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoLimits, promoMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newAdmin } from '../../testing/adverts.js';
import { approvedPage, postContent } from '../../testing/promo.js';

const hourMs = 60 * 60_000;

// Issue 24, finding 7: the per-minute limit alone let a script post 14,400 times a day.
describe.each(testDialects)('the daily budget of promo posts on %s', (dialect) => {
  let t: TestServer;
  let admin: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    admin = (await newAdmin(t)).agent;
  });
  afterAll(() => t?.close());

  /** Posts stored as if written earlier: the budget counts the stored rows, so no minute limit is met. */
  async function storedPosts(userId: string, n: number, agoMs: number) {
    const at = new Date(Date.now() - agoMs).toISOString();
    for (let i = 0; i < n; i++) {
      await t.server.database.db
        .insertInto('promo_post')
        .values({
          id: randomUUID(),
          user_id: userId,
          title: `Earlier ${i}`,
          content: '<p>x</p>',
          content_text: 'x',
          created_at: at,
        })
        .execute();
    }
  }
  const postCount = async (userId: string) =>
    Number(
      (
        await t.server.database.db
          .selectFrom('promo_post')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses the post past the daily budget with 429 and Retry-After, and stores nothing', async () => {
    const { owner, path } = await approvedPage(t, admin, 'Daily Bakery');
    // Yesterday's posts (over 24 hours ago) do not count; the last day's do.
    await storedPosts(owner.id, 5, 25 * hourMs);
    await storedPosts(owner.id, promoLimits.postsPerDay - 1, 2 * hourMs);
    const last = await owner.agent.post(`${path}/posts`, { title: 'The last one today', content: postContent() });
    expect(last.status).toBe(201);

    const before = await postCount(owner.id);
    const refused = await owner.agent.post(`${path}/posts`, { title: 'One too many', content: postContent() });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: m.tooManyPostsToday });
    // The oldest counted post leaves the 24 hours in about 22 hours: then a place is free.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(21 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
    expect(await postCount(owner.id)).toBe(before);
  });

  it("counts per account: another owner's page can still post", async () => {
    const spent = await approvedPage(t, admin, 'Spent Shop');
    const other = await approvedPage(t, admin, 'Fresh Shop');
    await storedPosts(spent.owner.id, promoLimits.postsPerDay, hourMs);
    const refused = await spent.owner.agent.post(`${spent.path}/posts`, { title: 'No', content: postContent() });
    expect(refused.status).toBe(429);
    const ok = await other.owner.agent.post(`${other.path}/posts`, { title: 'Yes', content: postContent() });
    expect(ok.status).toBe(201);
  });
});
