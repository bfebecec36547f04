import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { testDialects } from '../testing/databases.js';
import { adminUsage, runAdminCommand } from './permission-command.js';

describe.each(testDialects)('operator permission commands on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('grants and revokes a flag that /api/auth/me then reports', async () => {
    const a = t.agent();
    await a.seedAccount('op@example.com', 'Op');
    const db = t.server.database.db;

    expect(await runAdminCommand(db, ['grant', 'OP@example.com', 'subscriptionPro'])).toEqual({
      code: 0,
      message: 'Granted subscriptionPro to op@example.com.',
    });
    expect(await runAdminCommand(db, ['grant', 'op@example.com', 'admin'])).toMatchObject({ code: 0 });
    const granted = (await a.get('/api/auth/me')).body.permissions;
    expect(granted).toMatchObject({ admin: true, subscriptionPro: true, advertiser: false });

    expect(await runAdminCommand(db, ['revoke', 'op@example.com', 'admin'])).toEqual({
      code: 0,
      message: 'Revoked admin from op@example.com.',
    });
    expect(await runAdminCommand(db, ['revoke', 'op@example.com', 'admin'])).toEqual({
      code: 0,
      message: 'op@example.com did not have admin.',
    });
    expect((await a.get('/api/auth/me')).body.permissions).toMatchObject({ admin: false, subscriptionPro: true });
  });

  it('answers one current plan in /api/auth/me, and says when an admin granted it (issue 26)', async () => {
    const a = t.agent();
    const { user } = await a.seedAccount('plan@example.com', 'Plan');
    const db = t.server.database.db;
    expect((await a.get('/api/auth/me')).body.plan).toEqual({ key: 'free', source: 'free' });

    expect(await runAdminCommand(db, ['grant', 'plan@example.com', 'subscriptionPro'])).toMatchObject({ code: 0 });
    expect((await a.get('/api/auth/me')).body.plan).toEqual({ key: 'pro', source: 'grant' });

    // A Stripe subscription's flag, written as billing writes it, above the granted plan.
    await db
      .insertInto('user_permission')
      .values({
        user_id: user.id,
        flag: 'subscriptionBusiness',
        source: 'billing',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await a.get('/api/auth/me')).body.plan).toEqual({ key: 'business', source: 'billing' });

    await db.deleteFrom('user_permission').where('user_id', '=', user.id).where('source', '=', 'billing').execute();
    expect((await a.get('/api/auth/me')).body.plan).toEqual({ key: 'pro', source: 'grant' });
    expect(await runAdminCommand(db, ['revoke', 'plan@example.com', 'subscriptionPro'])).toMatchObject({ code: 0 });
    expect((await a.get('/api/auth/me')).body.plan).toEqual({ key: 'free', source: 'free' });
  });

  it('explains bad commands and changes nothing', async () => {
    const db = t.server.database.db;
    expect(await runAdminCommand(db, [])).toEqual({ code: 2, message: adminUsage });
    expect(await runAdminCommand(db, ['grant', 'op@example.com', 'superuser'])).toEqual({
      code: 2,
      message: `Unknown flag "superuser".\n${adminUsage}`,
    });
    expect(await runAdminCommand(db, ['grant', 'nobody@example.com', 'admin'])).toEqual({
      code: 1,
      message: 'No account uses nobody@example.com.',
    });
    const rows = await db.selectFrom('user_permission').selectAll().where('flag', '=', 'superuser').execute();
    expect(rows).toHaveLength(0);
  });
});
