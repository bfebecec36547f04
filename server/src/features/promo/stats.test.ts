import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoLimits, promoMessages as m, qrSource } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { advertInput, newAdmin, newUser } from '../../testing/adverts.js';
import { approvedPage } from '../../testing/promo.js';

const dayMs = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(testDialects)('promo figures and the share flow on %s', (dialect) => {
  let t: TestServer;
  let admin: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    admin = (await newAdmin(t)).agent;
  });
  afterAll(() => t?.close());

  it("counts views, QR scans and new followers for the owner, but not the owner's own visits", async () => {
    const { owner, advert, path } = await approvedPage(t, admin, 'Counted Shop');
    const visitor = await newUser(t, 'Vera');
    const empty = await owner.agent.get(`${path}/stats`);
    expect([empty.status, empty.body]).toEqual([200, { days: 30, views: 0, qrScans: 0, newFollowers: 0 }]);

    await t.agent().get(path);
    await visitor.agent.get(path);
    await t.agent().get(`${path}?source=${qrSource}`);
    await owner.agent.get(path);
    await owner.agent.get(`${path}?source=${qrSource}`);
    await visitor.agent.post(`${path}/follow`);
    expect((await owner.agent.get(`${path}/stats`)).body).toEqual({
      days: promoLimits.statsDays,
      views: 2,
      qrScans: 1,
      newFollowers: 1,
    });

    // The window is the last 30 days, today included: older days and followers count no more.
    const { db } = t.server.database;
    const now = Date.now();
    await db
      .insertInto('promo_daily')
      .values([
        { advert_id: advert.id, day: dayOf(now - 29 * dayMs), views: 5, qr_scans: 1 },
        { advert_id: advert.id, day: dayOf(now - 30 * dayMs), views: 70, qr_scans: 7 },
      ])
      .execute();
    const old = await newUser(t, 'Olga');
    await db
      .insertInto('promo_follower')
      .values({ promotor_id: owner.id, user_id: old.id, created_at: new Date(now - 31 * dayMs).toISOString() })
      .execute();
    expect((await owner.agent.get(`${path}/stats`)).body).toEqual({ days: 30, views: 7, qrScans: 2, newFollowers: 1 });
    expect((await t.agent().get(`${path}/followers`)).body).toEqual({ count: 2 });
  });

  it('shows the figures to the owner only', async () => {
    const { path } = await approvedPage(t, admin, 'Private Figures');
    const fan = await newUser(t, 'Fred');
    await fan.agent.post(`${path}/follow`);
    const other = await approvedPage(t, admin, 'Nosy Neighbour');
    for (const agent of [fan.agent, other.owner.agent]) {
      const res = await agent.get(`${path}/stats`);
      expect([res.status, res.body.error]).toEqual([403, { code: 'forbidden', message: m.ownerOnly }]);
    }
    const anon = await t.agent().get(`${path}/stats`);
    expect([anon.status, anon.body.error.message]).toEqual([401, m.notAuthenticated]);
  });

  it('keeps counters only: the daily figures have no column for an address or a visitor', async () => {
    const tables = await t.server.database.db.introspection.getTables();
    const daily = tables.find((table) => table.name === 'promo_daily')!;
    expect(daily.columns.map((c) => c.name).sort()).toEqual(['advert_id', 'day', 'qr_scans', 'views']);
  });

  it('runs the share flow: follow first, then the link saved with the promotor', async () => {
    const { advert, slug, path } = await approvedPage(t, admin, 'Shared Deli');
    const visitor = await newUser(t, 'Sam');
    const followed = await visitor.agent.post(`${path}/follow`);
    expect([followed.status, followed.body]).toEqual([200, { following: true, followers: 1 }]);
    const saved = await visitor.agent.post('/api/bookmarks', {
      link: advert.link,
      title: advert.title,
      category: advert.category,
      promotor: slug,
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ link: advert.link, promotor: slug, category: 'Food' });
    expect((await visitor.agent.get(path)).body).toMatchObject({ following: true, followers: 1 });
  });

  it('signs up through a promo page: account, follower, link, profile flag, in that order', async () => {
    const { advert, path } = await approvedPage(t, admin, 'Sign Up Spot');
    const agent = t.agent();
    const { user } = await agent.seedAccount(`promo-${dialect}-${Date.now()}@example.com`, 'Nia');
    expect((await agent.post(`${path}/follow`)).body).toEqual({ following: true, followers: 1 });
    const { link, title, category, slug } = advert;
    const saved = await agent.post('/api/bookmarks', { link, title, category, promotor: slug });
    expect([saved.status, saved.body.promotor]).toEqual([201, slug]);
    expect((await agent.patch('/api/profile', { follower: true })).status).toBe(200);
    const profile = await t.server.database.db
      .selectFrom('profile')
      .select('follower')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(profile.follower)).toBe(1);
    expect((await agent.get(`${path}/posts`)).body.locked).toBe(false);
  });

  it('refuses a bookmark naming an unknown or unapproved promotor and stores nothing', async () => {
    const visitor = await newUser(t, 'Una');
    const pendingOwner = await newUser(t, 'Pia');
    expect((await pendingOwner.agent.post('/api/adverts', advertInput('Not Yet Open'))).status).toBe(201);
    const invalid = { code: 'invalid', message: m.shareInvalid, field: 'promotor' };
    for (const promotor of ['no-such-page', 'not-yet-open', 'x'.repeat(120)]) {
      const res = await visitor.agent.post('/api/bookmarks', {
        link: 'https://elsewhere.example.com/',
        title: 'Elsewhere',
        category: 'Food',
        promotor,
      });
      expect([promotor, res.status, res.body.error]).toEqual([promotor, 400, invalid]);
    }
    // A slug of the wrong shape is refused by the bookmark rules before anything is looked up.
    const shape = await visitor.agent.post('/api/bookmarks', {
      link: 'https://elsewhere.example.com/',
      title: 'Elsewhere',
      category: 'Food',
      promotor: '../admin',
    });
    expect([shape.status, shape.body.error.field]).toEqual([400, 'promotor']);
    // Without a promotor the same link saves: the refusals above stored nothing.
    const plain = await visitor.agent.post('/api/bookmarks', {
      link: 'https://elsewhere.example.com/',
      title: 'Elsewhere',
      category: 'Food',
    });
    expect([plain.status, plain.body.promotor]).toEqual([201, null]);
    expect((await visitor.agent.get('/api/bookmarks')).body.total).toBe(1);
  });
});
