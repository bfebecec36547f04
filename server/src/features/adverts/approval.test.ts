import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { advertMessages as m, authMessages, type PendingAdvert } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { tinyPng } from '../../testing/fixture-server.js';
import { startSafeBrowsingFake, type SafeBrowsingFake } from '../../testing/safe-browsing-fake.js';
import { advertInput, mailsTo, newAdmin, newUser } from '../../testing/adverts.js';

const threatTypes = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'];

describe.each(testDialects)('advert approval with the threat check on %s', (dialect) => {
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
  beforeEach(() => t.server.worker.idle());

  async function pendingOf(id: string): Promise<PendingAdvert | undefined> {
    const res = await admin.get<{ items: PendingAdvert[] }>('/api/admin/adverts/pending');
    return res.body.items.find((a) => a.id === id);
  }

  /** Submits an advert and waits until its first check has run (or failed for good). */
  async function submitted(title: string, opts: { link?: string } = {}) {
    const owner = await newUser(t, 'Owner');
    const res = await owner.agent.post('/api/adverts', advertInput(title, opts.link ? { link: opts.link } : {}));
    expect(res.status).toBe(201);
    return { owner, advert: res.body as { id: string; link: string; slug: string } };
  }

  async function checked(id: string) {
    let found: PendingAdvert | undefined;
    await vi.waitFor(
      async () => {
        found = await pendingOf(id);
        expect(found?.threat.status).not.toBe('pending');
      },
      { timeout: 30_000, interval: 50 },
    );
    return found!;
  }

  it("sends the spec's threatMatches:find request with the key for each new advert, and marks a clean one", async () => {
    const { advert } = await submitted('Clean Bakery');
    const found = await checked(advert.id);
    expect(found.threat).toMatchObject({ status: 'clean', types: [] });
    expect(found.threat.checkedAt).toEqual(expect.any(String));
    const request = fake.requests.findLast((r) => r.body.threatInfo.threatEntries[0].url === advert.link)!;
    expect(request.key).toBe(fake.key);
    expect(request.body.threatInfo).toEqual({
      threatTypes,
      platformTypes: ['ANY_PLATFORM'],
      threatEntryTypes: ['URL', 'EXECUTABLE'],
      threatEntries: [{ url: advert.link }],
    });
  });

  it('flags a matched address; a flagged advert cannot be approved, and approval says why', async () => {
    const link = 'https://testsafebrowsing.appspot.com/s/malware.html';
    fake.flag(link, ['MALWARE']);
    const { owner, advert } = await submitted('Shady Deals', { link });
    expect((await checked(advert.id)).threat).toMatchObject({ status: 'flagged', types: ['MALWARE'] });
    const res = await admin.post(`/api/admin/adverts/${advert.id}/approve`);
    expect([res.status, res.body.error]).toEqual([409, { code: 'flagged', message: m.flagged }]);
    expect((await owner.agent.get('/api/adverts/mine')).body.advert.status).toBe(false);
    expect((await owner.agent.get('/api/auth/me')).body.permissions.advertiser).toBe(false);
  });

  it('retries a failed check, and marks it failed after the last try', async () => {
    fake.failWith(503, 1);
    const retried = await submitted('Retry Florist');
    expect((await checked(retried.advert.id)).threat.status).toBe('clean');

    fake.failWith(503, 3);
    const failed = await submitted('Down Florist');
    expect((await checked(failed.advert.id)).threat.status).toBe('failed');
    const tries = fake.requests.filter((r) => r.body.threatInfo.threatEntries[0].url === failed.advert.link);
    expect(tries).toHaveLength(3);
  });

  it('checks again on approval: a site flagged since, or a check that fails, is not approved', async () => {
    const { owner, advert } = await submitted('Turned Bad');
    expect((await checked(advert.id)).threat.status).toBe('clean');
    fake.flag(advert.link, ['SOCIAL_ENGINEERING']);
    const flagged = await admin.post(`/api/admin/adverts/${advert.id}/approve`);
    expect([flagged.status, flagged.body.error.code]).toEqual([409, 'flagged']);
    expect((await pendingOf(advert.id))!.threat).toMatchObject({ status: 'flagged', types: ['SOCIAL_ENGINEERING'] });

    const other = await submitted('Check Down');
    await checked(other.advert.id);
    fake.failWith(503, 1);
    const down = await admin.post(`/api/admin/adverts/${other.advert.id}/approve`);
    expect([down.status, down.body.error]).toEqual([503, { code: 'threat_check_failed', message: m.checkFailed }]);
    expect((await owner.agent.get('/api/adverts/mine')).body.advert.status).toBe(false);
  });

  it('approves: public, dated, advertiser granted, and the approved mail names the title and page', async () => {
    const { owner, advert } = await submitted('Happy Bakes');
    await checked(advert.id);
    const before = fake.requests.length;
    const res = await admin.post(`/api/admin/adverts/${advert.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: advert.id, status: true, approvedDate: expect.any(String) });
    expect(fake.requests.length).toBe(before + 1);
    expect((await owner.agent.get('/api/auth/me')).body.permissions.advertiser).toBe(true);
    expect(await pendingOf(advert.id)).toBeUndefined();
    const list = await t.agent().get('/api/adverts?q=HAPPY');
    expect(list.body.items.map((a: { id: string }) => a.id)).toEqual([advert.id]);
    const mail = (await mailsTo(t, owner.email)).at(-1)!;
    expect(mail.subject).toBe('Your promo page "Happy Bakes" is approved');
    expect(mail.text).toContain('http://linkhive.test/promo/happy-bakes');
    const again = await admin.post(`/api/admin/adverts/${advert.id}/approve`);
    expect([again.status, again.body.error.code]).toEqual([409, 'not_pending']);
    expect((await admin.post(`/api/admin/adverts/${advert.id}/reject`)).status).toBe(409);
  });

  it('rejects: the advert and its images are deleted, advertiser revoked, and the unapproved mail sent', async () => {
    const { owner, advert } = await submitted('Gone Soon');
    await t.server.permissions.grant(owner.id, 'advertiser', 'admin');
    const logo = await owner.agent.upload(`/api/adverts/${advert.id}/logo`, 'file', tinyPng, 'l.png', 'image/png');
    expect((await fetch(t.url + logo.body.logo)).status).toBe(200);
    const res = await admin.post(`/api/admin/adverts/${advert.id}/reject`);
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect((await owner.agent.get('/api/adverts/mine')).body.advert).toBeNull();
    expect((await fetch(t.url + logo.body.logo)).status).toBe(404);
    expect((await owner.agent.get('/api/auth/me')).body.permissions.advertiser).toBe(false);
    const mail = (await mailsTo(t, owner.email)).at(-1)!;
    expect(mail.subject).toBe('Your promo page "Gone Soon" was not approved');
    expect(mail.text).toContain('http://linkhive.test/promo/gone-soon');
    const again = await admin.post(`/api/admin/adverts/${advert.id}/reject`);
    expect([again.status, again.body.error.message]).toEqual([404, m.notFound]);
    // The name is free again.
    expect((await owner.agent.post('/api/adverts', advertInput('Gone Soon'))).status).toBe(201);
  });

  it('sends an approved advert whose address changed back to pending, and checks the new address', async () => {
    const { owner, advert } = await submitted('Moving Shop');
    await checked(advert.id);
    expect((await admin.post(`/api/admin/adverts/${advert.id}/approve`)).status).toBe(200);
    const text = await owner.agent.patch(`/api/adverts/${advert.id}`, { title: 'Moving Shop Ltd' });
    expect(text.body).toMatchObject({ status: true, title: 'Moving Shop Ltd' });
    const moved = await owner.agent.patch(`/api/adverts/${advert.id}`, { link: 'https://new-home.example.com/' });
    expect(moved.body).toMatchObject({ status: false, approvedDate: null, domain: 'new-home.example.com' });
    expect((await checked(advert.id)).threat.status).toBe('clean');
    expect(fake.requests.at(-1)!.body.threatInfo.threatEntries).toEqual([{ url: 'https://new-home.example.com/' }]);
  });

  it('keeps every admin path to admins: 401 signed out, 403 for a signed-in user', async () => {
    const { owner, advert } = await submitted('Not Yours');
    const anon = t.agent();
    for (const [method, p] of [
      ['GET', '/api/admin/adverts/pending'],
      ['POST', `/api/admin/adverts/${advert.id}/approve`],
      ['POST', `/api/admin/adverts/${advert.id}/reject`],
    ] as const) {
      expect((await anon.request(method, p, method === 'GET' ? undefined : {})).status).toBe(401);
      const res = await owner.agent.request(method, p, method === 'GET' ? undefined : {});
      expect([p, res.status, res.body.error]).toEqual([
        p,
        403,
        { code: 'forbidden', message: authMessages.notAuthorised },
      ]);
    }
    expect((await owner.agent.get('/api/adverts/mine')).body.advert.status).toBe(false);
  });
});

describe.each(testDialects)('advert approval without a Safe Browsing key on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it("marks adverts 'not checked' and lets the admin approve them", async () => {
    const admin = (await newAdmin(t)).agent;
    const owner = await newUser(t, 'Nia');
    const created = (await owner.agent.post('/api/adverts', advertInput('Nia Books'))).body;
    const listed = (await admin.get('/api/admin/adverts/pending')).body.items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: created.id,
      owner: { id: owner.id, email: owner.email, name: 'Nia' },
      threat: { status: 'not_checked', types: [], checkedAt: null },
    });
    expect((await admin.post(`/api/admin/adverts/${created.id}/approve`)).body.status).toBe(true);
    expect((await admin.post('/api/admin/adverts/no-such-id/approve')).status).toBe(404);
  });
});
