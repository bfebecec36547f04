import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { advertMessages as m, promoMessages, type PendingAdvert } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import {
  safeBrowsingJunk,
  startSafeBrowsingFake,
  type SafeBrowsingFake,
  type SafeBrowsingJunk,
} from '../../testing/safe-browsing-fake.js';
import { advertInput, newAdmin, newUser } from '../../testing/adverts.js';
import { approvedPage } from '../../testing/promo.js';

// Issue 24: only a well-formed Safe Browsing answer clears an address, and only the address that
// was checked is approved; a flagged address is never published, whatever its status says.
describe.each(testDialects)('what an advert approval may trust on %s', (dialect) => {
  let fake: SafeBrowsingFake;
  let t: TestServer;
  let admin: Agent;

  beforeAll(async () => {
    fake = await startSafeBrowsingFake();
    // Retries of a failed check follow at once (2 and 4 ms, not seconds): the tests wait on their outcome.
    t = await startTestServer(dialect, {
      SAFE_BROWSING_KEY: fake.key,
      SAFE_BROWSING_URL: fake.url,
      JOB_RETRY_BASE_MS: '1',
    });
    admin = (await newAdmin(t)).agent;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    // No scripted answer left over from a test that stopped early (times 0 clears it).
    fake.answerJunk('html', 0);
    await t.server.worker.idle();
  });

  const stored = (id: string) =>
    t.server.database.db.selectFrom('advert').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const listed = async () => ((await t.agent().get('/api/adverts')).body.items as { id: string }[]).map((a) => a.id);

  async function submitted(title: string) {
    const owner = await newUser(t, 'Owner');
    const res = await owner.agent.post('/api/adverts', advertInput(title));
    expect(res.status).toBe(201);
    return { owner, advert: res.body as { id: string; link: string; slug: string } };
  }

  /** The advert's threat state once its queued check has run (or failed for good). */
  async function checked(id: string) {
    let found: PendingAdvert | undefined;
    await vi.waitFor(
      async () => {
        const res = await admin.get<{ items: PendingAdvert[] }>('/api/admin/adverts/pending');
        found = res.body.items.find((a) => a.id === id);
        expect(found?.threat.status).not.toBe('pending');
      },
      { timeout: 30_000, interval: 50 },
    );
    return found!.threat;
  }

  it('refuses approval when Safe Browsing answers 200 with junk of any kind: it is a failed check', async () => {
    const { owner, advert } = await submitted('Junk Answers');
    expect((await checked(advert.id)).status).toBe('clean');
    for (const kind of Object.keys(safeBrowsingJunk) as SafeBrowsingJunk[]) {
      fake.answerJunk(kind, 1);
      const res = await admin.post(`/api/admin/adverts/${advert.id}/approve`);
      expect([kind, res.status, res.body.error]).toEqual([
        kind,
        503,
        { code: 'threat_check_failed', message: m.checkFailed },
      ]);
    }
    expect((await owner.agent.get('/api/adverts/mine')).body.advert.status).toBe(false);
    expect((await owner.agent.get('/api/auth/me')).body.permissions.advertiser).toBe(false);
    expect(await stored(advert.id)).toMatchObject({ status: 0, approved_at: null });
    expect(await listed()).not.toContain(advert.id);
  });

  it("marks a queued check that only ever got junk 'failed', never 'clean'", async () => {
    fake.answerJunk('truncated', 3);
    const { advert } = await submitted('Junk Queue');
    expect(await checked(advert.id)).toMatchObject({ status: 'failed', types: [] });
    const tries = fake.requests.filter((r) => r.body.threatInfo.threatEntries[0].url === advert.link);
    expect(tries).toHaveLength(3);
  });

  it('refuses an approval whose address the owner changed during its check, and never publishes it', async () => {
    const { owner, advert } = await submitted('Switch Shop');
    expect((await checked(advert.id)).status).toBe('clean');
    const bad = 'https://testsafebrowsing.appspot.com/s/switch-shop.html';
    fake.flag(bad, ['MALWARE']);

    // The approval's check of the old, clean address waits in the fake while the owner moves the page.
    const held = fake.hold(advert.link);
    const approval = admin.post(`/api/admin/adverts/${advert.id}/approve`);
    await held.arrived;
    const moved = await owner.agent.patch(`/api/adverts/${advert.id}`, { link: bad });
    expect(moved.status).toBe(200);
    expect(await checked(advert.id)).toMatchObject({ status: 'flagged', types: ['MALWARE'] });
    held.release();

    const res = await approval;
    expect([res.status, res.body.error]).toEqual([409, { code: 'link_changed', message: m.linkChanged }]);
    expect(await stored(advert.id)).toMatchObject({
      status: 0,
      approved_at: null,
      link: bad,
      threat_status: 'flagged',
    });
    expect((await t.agent().get(`/api/promo/${advert.slug}`)).status).toBe(404);
    expect(await listed()).not.toContain(advert.id);
    expect((await owner.agent.get('/api/auth/me')).body.permissions.advertiser).toBe(false);
    // Approving again checks the address now stored, and refuses it as flagged.
    const again = await admin.post(`/api/admin/adverts/${advert.id}/approve`);
    expect([again.status, again.body.error.code]).toEqual([409, 'flagged']);
  });

  it('publishes no advert whose address is flagged, even one whose status says approved', async () => {
    const { advert, slug, path } = await approvedPage(t, admin, 'Went Bad');
    expect((await t.agent().get(path)).status).toBe(200);
    expect(await listed()).toContain(advert.id);
    // The state the review found in the table: approved, yet flagged.
    await t.server.database.db
      .updateTable('advert')
      .set({ threat_status: 'flagged', threat_types: '["MALWARE"]' })
      .where('id', '=', advert.id)
      .execute();
    const page = await t.agent().get(path);
    expect([page.status, page.body.error?.message]).toEqual([404, promoMessages.notFound]);
    expect(await listed()).not.toContain(advert.id);
    expect((await t.agent().get(`/api/promo/${slug}/posts`)).status).toBe(404);
  });
});
