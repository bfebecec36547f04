import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { qrSource } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newAdmin, newUser } from '../../testing/adverts.js';
import { approvedPage } from '../../testing/promo.js';

const dayMs = 24 * 60 * 60 * 1000;
const browser = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

describe.each(testDialects)('promo views once per visitor and day on %s', (dialect) => {
  let t: TestServer;
  let admin: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    admin = (await newAdmin(t)).agent;
  });
  afterAll(() => t?.close());
  // Days are UTC days: the clock stands still, so a slow run never spans midnight, and moves on by hand.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // The app trusts X-Forwarded-For from loopback: each call as a client at another address.
  const from = (address: string, userAgent = browser) => ({
    headers: { 'x-forwarded-for': address, 'user-agent': userAgent },
  });

  it('counts a visitor once a day, by account or by client, and again the next day', async () => {
    const { owner, advert, path } = await approvedPage(t, admin, 'Once A Day');
    const visit = async (address: string, agent = t.agent(), query = '', userAgent = browser) => {
      const res = await agent.request('GET', path + query, undefined, from(address, userAgent));
      expect(res.status).toBe(200);
    };
    const figures = async () => {
      const res = await owner.agent.get(`${path}/stats`);
      return { views: res.body.views, qrScans: res.body.qrScans };
    };

    for (let i = 0; i < 20; i++) await visit('198.51.100.1');
    expect(await figures()).toEqual({ views: 1, qrScans: 0 });

    for (const address of ['198.51.100.2', '198.51.100.3', '2001:db8::4'])
      for (let i = 0; i < 3; i++) await visit(address);
    expect(await figures()).toEqual({ views: 4, qrScans: 0 });

    // Another browser at a known address is another visitor; a signed-in visitor is one account
    // wherever they call from; QR scans are counted apart from views, once too.
    await visit('198.51.100.1', t.agent(), '', 'Mozilla/5.0 (iPhone) Safari/604.1');
    const vera = await newUser(t, 'Vera');
    for (const address of ['198.51.100.1', '198.51.100.7', '198.51.100.8']) await visit(address, vera.agent);
    for (let i = 0; i < 5; i++) await visit('198.51.100.1', t.agent(), `?source=${qrSource}`);
    expect(await figures()).toEqual({ views: 6, qrScans: 1 });

    // The next day the same visitors count again; the owner's figures cover both days.
    vi.setSystemTime(Date.now() + dayMs);
    for (let i = 0; i < 3; i++) await visit('198.51.100.1');
    await visit('198.51.100.9', vera.agent);
    expect(await figures()).toEqual({ views: 8, qrScans: 1 });
    const days = await t.server.database.db
      .selectFrom('promo_daily')
      .select(['views', 'qr_scans'])
      .where('advert_id', '=', advert.id)
      .orderBy('day')
      .execute();
    expect(days.map((d) => [Number(d.views), Number(d.qr_scans)])).toEqual([
      [6, 1],
      [2, 0],
    ]);

    // What marks a visitor is a keyed hash: no address, user agent or account id is stored, and
    // the rows of earlier days are gone.
    const visitors = await t.server.database.db.selectFrom('promo_visitor').selectAll().execute();
    const ours = visitors.filter((v) => v.advert_id === advert.id);
    expect(ours).toHaveLength(2);
    for (const v of visitors) {
      expect(v.day).toBe(new Date().toISOString().slice(0, 10));
      expect(v.visitor).toMatch(/^[\w-]{43}$/);
      for (const secret of ['198.51.100', '2001:db8', 'Mozilla', vera.id]) expect(v.visitor).not.toContain(secret);
    }
  });

  it("still leaves the owner's own visits uncounted", async () => {
    const { owner, path } = await approvedPage(t, admin, 'Own Visits');
    for (const address of ['198.51.100.11', '198.51.100.12'])
      await owner.agent.request('GET', path, undefined, from(address));
    const stats = await owner.agent.get(`${path}/stats`);
    expect([stats.body.views, stats.body.qrScans]).toEqual([0, 0]);
  });
});
