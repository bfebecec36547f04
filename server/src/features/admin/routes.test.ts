import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertMessages as m, authMessages } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newAdmin, newUser } from '../../testing/adverts.js';

describe.each(testDialects)('admin accounts on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('sets permission flags by email and reads a user by email or id', async () => {
    const admin = await newAdmin(t);
    const user = await newUser(t, 'Pat');
    const set = await admin.agent.post('/api/admin/permissions', {
      email: user.email.toUpperCase(),
      permissions: { advertiser: true, subscriptionPro: true },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Pat',
      emailVerified: false,
      permissions: { admin: false, advertiser: true, subscriptionPro: true },
    });
    expect((await user.agent.get('/api/auth/me')).body.permissions).toMatchObject({ advertiser: true });
    const off = await admin.agent.post('/api/admin/permissions', {
      email: user.email,
      permissions: { advertiser: false },
    });
    expect(off.body.permissions).toMatchObject({ advertiser: false, subscriptionPro: true });
    expect((await admin.agent.get(`/api/admin/users?id=${user.id}`)).body).toEqual(off.body);
    expect((await admin.agent.get(`/api/admin/users?email=${encodeURIComponent(user.email)}`)).body).toEqual(off.body);
  });

  it('records every permissions change with the admin who made it, and lists the last ten', async () => {
    const admin = await newAdmin(t);
    const user = await newUser(t, 'Rae');
    const set = await admin.agent.post('/api/admin/permissions', {
      email: user.email,
      permissions: { admin: true, advertiser: false },
    });
    expect(set.status).toBe(200);
    const rows = await t.server.database.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('target_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, target_id: user.id });
    expect(JSON.parse(rows[0]!.change)).toEqual({ admin: true, advertiser: false });
    expect(Date.now() - Date.parse(rows[0]!.created_at)).toBeLessThan(60_000);
    expect(set.body.recentChanges).toEqual([
      { at: rows[0]!.created_at, actorEmail: admin.email, change: { admin: true, advertiser: false } },
    ]);

    for (let i = 0; i < 11; i++) {
      await admin.agent.post('/api/admin/permissions', { email: user.email, permissions: { advertiser: i % 2 === 0 } });
    }
    const found = await admin.agent.get(`/api/admin/users?email=${encodeURIComponent(user.email)}`);
    expect(found.body.recentChanges).toHaveLength(10);
    const ats = found.body.recentChanges.map((c: { at: string }) => c.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(found.body.recentChanges.every((c: { actorEmail: string }) => c.actorEmail === admin.email)).toBe(true);
    // A refused change is not recorded.
    await admin.agent.post('/api/admin/permissions', { email: 'nobody@example.com', permissions: { admin: true } });
    const count = await t.server.database.db
      .selectFrom('admin_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('actor_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(12);
  });

  it('answers clear errors for unknown users and empty requests, changing nothing', async () => {
    const admin = await newAdmin(t);
    const missing = await admin.agent.post('/api/admin/permissions', {
      email: 'nobody@example.com',
      permissions: { admin: true },
    });
    expect([missing.status, missing.body.error.message]).toEqual([404, m.userNotFound]);
    const none = await admin.agent.post('/api/admin/permissions', { email: 'x@example.com', permissions: {} });
    expect([none.status, none.body.error.message]).toEqual([400, m.permissionsRequired]);
    const bad = await admin.agent.post('/api/admin/permissions', {
      email: 'x@example.com',
      permissions: { admin: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect((await admin.agent.get('/api/admin/users?email=nobody@example.com')).status).toBe(404);
    expect((await admin.agent.get('/api/admin/users')).body.error.message).toBe(m.userNotFound);
  });

  it('refuses both paths to a signed-out visitor (401) and to a user who is not an admin (403)', async () => {
    const user = await newUser(t, 'Quin');
    const anon = t.agent();
    const calls = [
      ['POST', '/api/admin/permissions', { email: user.email, permissions: { admin: true } }],
      ['GET', `/api/admin/users?email=${encodeURIComponent(user.email)}`, undefined],
    ] as const;
    for (const [method, p, body] of calls) {
      expect((await anon.request(method, p, body)).status).toBe(401);
      const res = await user.agent.request(method, p, body);
      expect([res.status, res.body.error]).toEqual([403, { code: 'forbidden', message: authMessages.notAuthorised }]);
    }
    expect((await user.agent.get('/api/auth/me')).body.permissions.admin).toBe(false);
  });
});
