import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { accountSetup } from './account-setup.js';
import { jobQueue } from '../../jobs/queue.js';
import { profileRepository } from '../profile/repository.js';

describe.each(testDialects)('an account whose sign-up a crash cut short (%s)', (dialect) => {
  let t: TestServer;
  // The first server runs no jobs, so the welcome mail stays queued where a crash would find it.
  beforeAll(async () => {
    t = await startTestServer(dialect, { JOB_WORKER: 'off' });
  });
  afterAll(async () => t.close());

  it('gets its profile and one welcome mail when a server starts', async () => {
    const email = `cut-${dialect}@example.com`;
    const signup = await t.agent().post('/api/auth/signup', { firstName: 'Cora', email, password: 'Passw0rd!' });
    expect(signup.status).toBe(201);
    const { db } = t.server.database;
    const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    // As if the process died right after better-auth stored the user.
    await db.deleteFrom('profile').where('user_id', '=', user.id).execute();
    await db.deleteFrom('job').where('id', '=', `welcome:${user.id}`).execute();

    t = await t.restart({ JOB_WORKER: 'on' });
    await t.server.worker.idle();
    const profile = await t.server.database.db
      .selectFrom('profile')
      .select('display_name')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(profile?.display_name).toBe('Cora');
    const mails = (await t.outbox()).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('verifyEmail');
  });

  it('is finished once however often setup runs, and a finished account is left alone', async () => {
    const { db, dialect: d } = t.server.database;
    const setup = accountSetup({ db, queue: jobQueue(db, d), profiles: profileRepository(db) });
    const email = `twice-${dialect}@example.com`;
    await t.agent().post('/api/auth/signup', { firstName: 'Tess', email, password: 'Passw0rd!' });
    const user = await db
      .selectFrom('user')
      .select(['id', 'name'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await setup.complete(user);
    await setup.complete(user);
    expect(await setup.repair()).toBe(0);
    const jobs = await db.selectFrom('job').select('id').where('id', '=', `welcome:${user.id}`).execute();
    expect(jobs).toHaveLength(1);
    await t.server.worker.idle();
    expect((await t.outbox()).filter((m) => m.to.includes(email))).toHaveLength(1);
  });
});
