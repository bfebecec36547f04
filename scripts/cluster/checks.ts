// The invariants of a load run, checked straight in Postgres, in the outboxes and on every backend.
import type pg from 'pg';
import { readOutbox } from '../../server/src/testing/outbox.js';
import type { LoadResult } from './load.js';
import type { Backend } from './servers.js';

const welcomeSubject = 'Welcome to Linkhive';

export async function checkSaves(db: pg.Client, r: LoadResult) {
  const ids = r.acked.map((a) => a.id);
  const { rows: found } = await db.query<{ id: string; link: string }>(
    'select id, link from bookmark where id = any($1)',
    [ids],
  );
  const byId = new Map(found.map((row) => [row.id, row.link]));
  const lost = r.acked.filter((a) => byId.get(a.id) !== a.link);
  const { rows: dupes } = await db.query<{ n: string }>(
    'select count(*) as n from (select 1 from bookmark group by owner, link_key having count(*) > 1) d',
  );
  const { rows: unsureStored } = await db.query<{ n: string }>(
    `select count(*) as n from bookmark b join owner o on o.id = b.owner join "user" u on u.id = o.user_id
      where (u.email, b.link) in (select * from unnest($1::text[], $2::text[]))`,
    [r.unsure.map((u) => u.email), r.unsure.map((u) => u.link)],
  );
  return {
    acknowledged: r.acked.length,
    lostWrites: lost.length,
    duplicateRows: Number(dupes[0]!.n),
    firstSaveAnswered409: r.firstSave409,
    unanswered: r.unsure.length,
    unansweredButStored: Number(unsureStored[0]!.n),
  };
}

/**
 * Waits until no welcome-mail job is queued or running: a job the killed process held is taken again
 * only once its lease (JOB_LEASE_MS, 60 s by default) has run out, so this can take a minute after the kill.
 */
export async function waitForJobs(db: pg.Client, budgetMs: number): Promise<boolean> {
  const until = Date.now() + budgetMs;
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from job where type = 'auth-mail' and status in ('queued', 'running')`,
    );
    if (rows[0]!.n === '0') return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function checkJobs(db: pg.Client, r: LoadResult, backends: Backend[]) {
  const { rows: users } = await db.query<{ id: string; email: string }>('select id, email from "user"');
  const { rows: jobs } = await db.query<{ id: string; status: string; attempts: number; payload: string }>(
    `select id, status, attempts, payload from job where type = 'auth-mail'`,
  );
  const jobsOf = new Map<string, typeof jobs>();
  for (const job of jobs) {
    const userId = (JSON.parse(job.payload) as { userId?: string }).userId ?? '';
    jobsOf.set(userId, [...(jobsOf.get(userId) ?? []), job]);
  }
  const mailsPerBackend: number[] = [];
  const mailsTo = new Map<string, number>();
  for (const b of backends) {
    const welcomes = (await readOutbox(b.dataDir)).filter((m) => m.subject === welcomeSubject);
    mailsPerBackend.push(welcomes.length);
    for (const m of welcomes) {
      const to = m.to.match(/<([^>]+)>/)?.[1] ?? m.to;
      mailsTo.set(to, (mailsTo.get(to) ?? 0) + 1);
    }
  }
  const { rows: noProfile } = await db.query<{ n: string }>(
    'select count(*) as n from "user" u where not exists (select 1 from profile p where p.user_id = u.id)',
  );
  const answered = new Set(users.map((u) => u.email));
  let notOneJob = 0,
    notDone = 0,
    retried = 0,
    missingMail = 0,
    twiceAfterInterruptedTry = 0,
    twiceOtherwise = 0;
  for (const u of users) {
    const own = jobsOf.get(u.id) ?? [];
    if (own.length !== 1) notOneJob++;
    const job = own[0];
    if (job && job.status !== 'done') notDone++;
    if (job && job.attempts > 1) retried++;
    const mails = mailsTo.get(u.email) ?? 0;
    if (mails === 0) missingMail++;
    // At-least-once: a job whose first try was cut off after its mail was written runs again once
    // its lease ends, and mails again. Only a retried job may explain a second mail.
    if (mails > 1 && job && job.attempts > 1) twiceAfterInterruptedTry++;
    else if (mails > 1) twiceOtherwise++;
  }
  return {
    accounts: users.length,
    accountsWithoutProfile: Number(noProfile[0]!.n),
    signUpsSent: r.signups.length,
    signUpsWithoutAccount: r.signups.filter((e) => !answered.has(e)).length,
    welcomeJobs: jobs.length,
    accountsWithoutExactlyOneJob: notOneJob,
    jobsNotDone: notDone,
    jobsTakenMoreThanOnce: retried,
    welcomeMailsPerProcess: mailsPerBackend,
    accountsWithoutMail: missingMail,
    mailedTwiceAfterAnInterruptedTry: twiceAfterInterruptedTry,
    mailedTwiceOtherwise: twiceOtherwise,
  };
}

/** Every stored file (each account's current picture) fetched from every process directly. */
export async function checkFiles(db: pg.Client, backends: Backend[]) {
  const { rows } = await db.query<{ path: string; data: Buffer | null }>(
    `select p.photo_url as path, f.data from profile p left join stored_file f on f.path = p.photo_url
      where p.photo_url is not null`,
  );
  let served = 0;
  const failures: string[] = [];
  for (const row of rows) {
    if (!row.data) failures.push(`${row.path}: not in the stored_file table`);
    for (const b of backends) {
      const res = await fetch(`${b.base}${row.path}`).catch(() => null);
      const bytes = res?.ok ? Buffer.from(await res.arrayBuffer()) : null;
      if (bytes && (!row.data || bytes.equals(row.data))) served++;
      else failures.push(`${row.path}: process ${b.index} answered ${res?.status ?? 'nothing'}`);
    }
  }
  return { files: rows.length, fetches: rows.length * backends.length, served, failures: failures.slice(0, 5) };
}
