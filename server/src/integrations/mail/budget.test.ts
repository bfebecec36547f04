import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages, mailBudget } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { advertInput, newUser } from '../../testing/adverts.js';
import { createGroup, grant } from '../../testing/groups.js';
import { jobQueue } from '../../jobs/queue.js';
import { AUTH_MAIL_JOB } from '../../features/auth/mails.js';
import { MAIL_JOB } from './index.js';
import { mailOutbox } from './outbox.js';

// Issue 24: each kind of mail had its own limit, but nothing held one account's mails of all kinds
// together, nor gave them turns in the mail lane (invitations and promo notices carried no account).
describe.each(testDialects)('the mail budget per account on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  /** The mail jobs an invitation to this address queued. */
  const invitationJobs = async (to: string) =>
    (
      await t.server.database.db
        .selectFrom('job')
        .select(['account_id', 'run_at', 'payload'])
        .where('type', '=', MAIL_JOB)
        .execute()
    ).filter((j) => (JSON.parse(j.payload) as { to: string }).to === to);

  it('counts every kind of mail an account causes, delays what is past it, and leaves others alone', async () => {
    const sender = await newUser(t, 'Sam');
    await grant(t, sender, 'subscriptionPro');
    const group = await createGroup(sender.agent, 'Mailing team');
    // The hour's mails as if the account had already caused all but one of its budget, of both kinds.
    const queue = jobQueue(t.server.database.db, dialect);
    // Its welcome mail counts too.
    const sent = await queue.countDueSince([MAIL_JOB, AUTH_MAIL_JOB], sender.id, new Date(0));
    expect(sent).toBe(1);
    for (let i = sent; i < mailBudget.perAccount - 1; i++) {
      const id = await queue.enqueue(
        i % 2 ? MAIL_JOB : AUTH_MAIL_JOB,
        { kind: 'sent-before' },
        { accountId: sender.id },
      );
      await t.server.database.db.updateTable('job').set({ status: 'done' }).where('id', '=', id).execute();
    }
    const before = Date.now();

    const within = await sender.agent.post(`/api/groups/${group.id}/invites`, { email: 'within@example.com' });
    const past = await sender.agent.post(`/api/groups/${group.id}/invites`, { email: 'past@example.com' });
    // The sender is told what the spec says: the invitation exists and its mail will go out.
    expect([within.status, within.body.message]).toEqual([201, groupMessages.inviteSent]);
    expect([past.status, past.body.message]).toEqual([201, groupMessages.inviteSent]);

    const [now] = await invitationJobs('within@example.com');
    const [later] = await invitationJobs('past@example.com');
    expect(now?.account_id).toBe(sender.id);
    expect(new Date(now!.run_at).getTime()).toBeLessThan(before + mailBudget.windowMs);
    // Delayed to the next hour, not dropped: the job is there, for the sender's account.
    expect(later?.account_id).toBe(sender.id);
    expect(new Date(later!.run_at).getTime()).toBeGreaterThanOrEqual(before + mailBudget.windowMs);

    const other = await newUser(t, 'Oli');
    await grant(t, other, 'subscriptionPro');
    const theirs = await createGroup(other.agent, 'Quiet team');
    expect((await other.agent.post(`/api/groups/${theirs.id}/invites`, { email: 'theirs@example.com' })).status).toBe(
      201,
    );
    const [first] = await invitationJobs('theirs@example.com');
    expect(first?.account_id).toBe(other.id);
    expect(new Date(first!.run_at).getTime()).toBeLessThan(before + mailBudget.windowMs);
  });

  it("queues a promo page's notice as its owner's mail, within the owner's budget", async () => {
    const owner = await newUser(t, 'Pat');
    expect((await owner.agent.post('/api/adverts', advertInput('Budget Bakery'))).status).toBe(201);
    const jobs = await t.server.database.db
      .selectFrom('job')
      .select(['account_id', 'payload'])
      .where('type', '=', MAIL_JOB)
      .where('account_id', '=', owner.id)
      .execute();
    expect(jobs.map((j) => (JSON.parse(j.payload) as { subject: string }).subject)).toEqual([
      'We received your promo page "Budget Bakery"',
    ]);
  });

  it('still counts the mails it delayed to this hour, however long ago they were asked for', async () => {
    const busy = await newUser(t, 'Bea');
    const db = t.server.database.db;
    const outbox = mailOutbox({
      queue: jobQueue(db, dialect),
      poke: () => {},
      mailTypes: [MAIL_JOB, AUTH_MAIL_JOB],
    });
    // Two and a half budgets' worth asked for at once: one hour's share now, the rest an hour and two
    // hours later (its welcome mail is one of them).
    const asked = Math.floor(mailBudget.perAccount * 2.5) - 1;
    for (let i = 0; i < asked; i++) await outbox.enqueue(MAIL_JOB, { to: `n${i}@example.com` }, busy.id);
    // An hour and a minute on: the first share went out over an hour ago, the second is due now,
    // and the last half waits for the next hour.
    const shift = mailBudget.windowMs + 60_000;
    const back = (iso: string) => new Date(new Date(iso).getTime() - shift).toISOString();
    const jobs = await db
      .selectFrom('job')
      .select(['id', 'created_at', 'run_at'])
      .where('account_id', '=', busy.id)
      .execute();
    for (const j of jobs)
      await db
        .updateTable('job')
        .set({ created_at: back(j.created_at), run_at: back(j.run_at) })
        .where('id', '=', j.id)
        .execute();

    const before = Date.now();
    await outbox.enqueue(MAIL_JOB, { to: 'one-more@example.com' }, busy.id);
    const [next] = await db
      .selectFrom('job')
      .select('run_at')
      .where('account_id', '=', busy.id)
      .where('payload', 'like', '%one-more@example.com%')
      .execute();
    // This hour already holds a budget and a half of the account's mail: the new one waits a window.
    expect(new Date(next!.run_at).getTime()).toBeGreaterThanOrEqual(before + mailBudget.windowMs);
  });
});
