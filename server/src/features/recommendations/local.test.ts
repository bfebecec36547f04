import { randomUUID } from 'node:crypto';
import { ownerOf } from '../bookmarks/repository.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationRules } from '@linkhive/shared/domain';
import type { Db } from '../../db/index.js';
import { testDialects } from '../../testing/databases.js';
import { addUser, testDatabase } from '../../testing/group-live.js';
import { localRecommender } from './local.js';
import { localRecommendationRepository } from './local-repository.js';
import type { LocalRecommender } from './local-recommender.js';

describe.each(testDialects)('the local recommender on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  let database: Db;
  let local: LocalRecommender;
  beforeAll(async () => {
    t = await testDatabase(dialect);
    database = t.database;
    local = localRecommender(localRecommendationRepository(database.db, database.dialect));
  });
  afterAll(() => t?.close());

  // Each test uses domains and categories of its own, so the tests share one database.
  let serial = 0;
  async function save(userId: string, ...domains: string[]) {
    for (const domain of domains) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, serial)).toISOString();
      const link = `https://${domain}/page-${serial++}`;
      await database.db
        .insertInto('bookmark')
        .values({
          id: randomUUID(),
          owner: ownerOf(userId),
          title: `A page of ${domain}`,
          link,
          link_key: link,
          domain,
          category: 'Reading',
          favourite: 0,
          rss_feed: null,
          promotor: null,
          created_at: at,
          updated_at: at,
          search_title: '',
        })
        .execute();
    }
  }
  /**
   * A member who counts toward the threshold: verified, signed up a month ago, with a library of
   * their own (sites no one else saved). `over` makes one that misses a rule.
   */
  async function member(name: string, over: { verified?: boolean; ageDays?: number; history?: number } = {}) {
    const { verified = true, ageDays = 30, history = recommendationRules.localSaverMinBookmarks } = over;
    const id = await addUser(database, name);
    const signedUp = new Date(Date.now() - ageDays * 24 * 60 * 60_000).toISOString();
    await database.db
      .updateTable('user')
      .set({ emailVerified: verified ? (dialect === 'postgres' ? true : 1) : 0, createdAt: signedUp })
      .where('id', '=', id)
      .execute();
    for (let i = 0; i < history; i++) await save(id, `own-${serial}.${name}.history`);
    return id;
  }
  /** `n` new members, each saving all of `domains`. */
  async function savers(n: number, ...domains: string[]) {
    for (let i = 0; i < n; i++) await save(await member('saver'), ...domains);
  }
  async function advert(slug: string, category: string, status: number, approvedAt: string, text = `About ${slug}`) {
    const owner = await addUser(database, 'advertiser');
    await database.db
      .insertInto('advert')
      .values({
        id: randomUUID(),
        user_id: owner,
        slug,
        title: `Shop ${slug}`,
        category,
        link: `https://${slug}.shop.test/`,
        domain: `${slug}.shop.test`,
        description: `<p>${text}</p>`,
        description_text: text,
        logo: null,
        background: null,
        status,
        approved_at: status === 1 ? approvedAt : null,
        threat_status: 'clean',
        threat_types: '[]',
        threat_checked_at: null,
        created_at: approvedAt,
        updated_at: approvedAt,
      })
      .execute();
  }
  const domainsOf = (items: { displayLink: string }[]) => items.map((i) => i.displayLink);

  it('recommends a domain only where at least 5 different users saved both', async () => {
    const asker = await addUser(database, 'asker');
    await save(asker, 'th.test');
    await savers(3, 'th.test', 'four.test', 'five.test');
    await savers(1, 'th.test', 'five.test');
    // The fourth user of four.test saved it three times: still four users.
    const keen = await member('keen');
    await save(keen, 'th.test', 'four.test', 'four.test', 'four.test', 'five.test');
    const items = await local.recommend({ userId: asker, domain: 'th.test', category: 'None', count: 5 });
    expect(items).toEqual([
      {
        title: 'five.test',
        link: 'https://five.test/',
        displayLink: 'five.test',
        snippet: 'Saved by 5+ members who also saved th.test',
      },
    ]);
  });

  it('counts only verified, settled members with a library toward the 5 users (issue 24, finding 7)', async () => {
    // A member's rare site, and the site an attacker asks about, which the member saved too.
    const victim = await member('victim');
    await save(victim, 'asked.sybil', 'rare.sybil');
    const asker = await member('asker');
    await save(asker, 'asked.sybil');
    const ask = () => local.recommend({ userId: asker, domain: 'asked.sybil', category: 'None', count: 5 });
    // Four sybils that each miss one rule: a fresh sign-up, an unverified address, a week-old
    // verified account with no library, and a new verified account with a library.
    const sybils = [
      await addUser(database, 'fresh'),
      await member('unverified', { verified: false }),
      await member('empty', { history: 0 }),
      await member('new', { ageDays: 1 }),
    ];
    for (const s of sybils) await save(s, 'asked.sybil', 'rare.sybil');
    expect(domainsOf(await ask())).toEqual([]);
    // Four members that do count, with the victim, make five: the site is no one's secret any more.
    await savers(3, 'asked.sybil', 'rare.sybil');
    expect(domainsOf(await ask())).toEqual([]);
    await savers(1, 'asked.sybil', 'rare.sybil');
    expect(domainsOf(await ask())).toEqual(['rare.sybil']);
  });

  it('orders by the number of users, then by domain, showing counts rounded down', async () => {
    const asker = await addUser(database, 'asker');
    await save(asker, 'ord.test');
    await savers(5, 'ord.test', 'c-six.ord', 'a-six.ord', 'b-twelve.ord', 'z-seven.ord');
    await savers(1, 'ord.test', 'c-six.ord', 'a-six.ord', 'b-twelve.ord', 'z-seven.ord');
    await savers(1, 'ord.test', 'b-twelve.ord', 'z-seven.ord');
    await savers(5, 'ord.test', 'b-twelve.ord');
    const items = await local.recommend({ userId: asker, domain: 'ord.test', category: 'None', count: 5 });
    expect(domainsOf(items)).toEqual(['b-twelve.ord', 'z-seven.ord', 'a-six.ord', 'c-six.ord']);
    expect(items.map((i) => i.snippet.split(' ')[2])).toEqual(['10+', '5+', '5+', '5+']);
  });

  it('leaves out the asked domain and every domain the asker saved', async () => {
    const asker = await addUser(database, 'asker');
    await save(asker, 'own.test', 'mine.own');
    await savers(6, 'own.test', 'mine.own', 'theirs.own');
    const items = await local.recommend({ userId: asker, domain: 'own.test', category: 'None', count: 5 });
    expect(domainsOf(items)).toEqual(['theirs.own']);
    // Asked by someone who never saved it, the domain itself is still not recommended.
    const stranger = await addUser(database, 'stranger');
    const again = await local.recommend({ userId: stranger, domain: 'own.test', category: 'None', count: 5 });
    expect(domainsOf(again)).toEqual(['mine.own', 'theirs.own']);
  });

  it('adds approved adverts of the same category, newest first, with their slug and cut description', async () => {
    const asker = await addUser(database, 'asker');
    await save(asker, 'ad.test', 'saved-ad.shop.test');
    const long = 'Fresh bread every morning. '.repeat(10);
    await advert('old-ad', 'Baking', 1, '2026-01-01T00:00:00.000Z');
    await advert('new-ad', 'BAKING', 1, '2026-01-03T00:00:00.000Z', long);
    await advert('pending-ad', 'Baking', 0, '2026-01-04T00:00:00.000Z');
    await advert('other-ad', 'Cycling', 1, '2026-01-05T00:00:00.000Z');
    // The asker already saved this advertiser's site.
    await advert('saved-ad', 'Baking', 1, '2026-01-06T00:00:00.000Z');
    const items = await local.recommend({ userId: asker, domain: 'ad.test', category: 'baking', count: 5 });
    expect(items).toEqual([
      {
        title: 'Shop new-ad',
        link: 'https://new-ad.shop.test/',
        displayLink: 'new-ad.shop.test',
        snippet: `${long.trim().slice(0, 200)}...`,
        promoSlug: 'new-ad',
      },
      {
        title: 'Shop old-ad',
        link: 'https://old-ad.shop.test/',
        displayLink: 'old-ad.shop.test',
        snippet: 'About old-ad',
        promoSlug: 'old-ad',
      },
    ]);
  });

  it('gives at most `count` items, members’ sites first and adverts a third of the places (rounded down)', async () => {
    const asker = await addUser(database, 'asker');
    await save(asker, 'cnt.test');
    await savers(5, 'cnt.test', 'a.cnt', 'b.cnt', 'c.cnt', 'd.cnt', 'e.cnt');
    for (let i = 1; i <= 4; i++) await advert(`cnt-ad${i}`, 'Counting', 1, `2026-02-0${i}T00:00:00.000Z`);
    const ask = (count: number) => local.recommend({ userId: asker, domain: 'cnt.test', category: 'Counting', count });
    expect(domainsOf(await ask(5))).toEqual(['a.cnt', 'b.cnt', 'c.cnt', 'd.cnt', 'cnt-ad4.shop.test']);
    expect(domainsOf(await ask(3))).toEqual(['a.cnt', 'b.cnt', 'cnt-ad4.shop.test']);
    expect(domainsOf(await ask(2))).toEqual(['a.cnt', 'b.cnt']);
    expect(await ask(0)).toEqual([]);
    // Without members' sites, adverts fill up to three places.
    const none = await local.recommend({ userId: asker, domain: 'nobody.test', category: 'Counting', count: 5 });
    expect(domainsOf(none)).toEqual(['cnt-ad4.shop.test', 'cnt-ad3.shop.test', 'cnt-ad2.shop.test']);
  });
});
