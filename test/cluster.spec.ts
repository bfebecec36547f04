// Not a browser test: three server processes on Postgres behind nginx, a short load run with one
// process SIGKILLed and restarted half-way, and the invariants checked straight in the database,
// the outboxes and on every process (scripts/cluster). It lives here because it needs the built
// server, which `npm test` makes just before Playwright runs.
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { postgresAdminUrl } from '../server/src/testing/postgres-check.js';
import { clusterLoadRun } from '../scripts/cluster/cluster.js';

async function postgresSilence(): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

test('three processes behind nginx: a killed one loses no acknowledged save, doubles no row, drops no job, and every process serves every file', async () => {
  // A budget, not a wait: four processes start, 12 s of load, a restart on a busy 2-core machine,
  // then a welcome-mail job the killed process held is taken again once its lease has run out.
  test.setTimeout(300_000);
  // The setup under test is Postgres: without one answering, this fails and says so.
  expect(await postgresSilence(), `Postgres at ${postgresAdminUrl}`).toBeNull();

  // A job is held for 10 s here instead of the server's 60 s: a job the killed process held is
  // taken again just the same, sooner. Long enough that a live process's mail job never runs out.
  const { figures, failures } = await clusterLoadRun({ seconds: 12, clients: 16, jobLeaseMs: 10_000 });
  const report = JSON.stringify(figures, null, 2);
  expect(figures.kill, report).not.toBeNull();
  expect(figures.saves.acknowledged, report).toBeGreaterThan(0);
  expect(figures.saves.lostWrites, report).toBe(0);
  expect(figures.saves.duplicateRows, report).toBe(0);
  expect(figures.saves.firstSaveAnswered409, report).toBe(0);
  expect(figures.jobs.allFinished, report).toBe(true);
  expect(figures.jobs.accountsWithoutProfile, report).toBe(0);
  expect(figures.jobs.jobsNotDone, report).toBe(0);
  expect(figures.jobs.accountsWithoutExactlyOneJob, report).toBe(0);
  expect(figures.jobs.accountsWithoutMail, report).toBe(0);
  expect(figures.jobs.mailedTwiceOtherwise, report).toBe(0);
  expect(figures.files.files, report).toBeGreaterThan(0);
  expect(figures.files.served, report).toBe(figures.files.fetches);
  expect(figures.failedRequests.outside, report).toEqual({ '5xx': 0, noAnswer: 0 });
  expect(figures.unexpectedProcessExits, report).toEqual([]);
  expect(failures, report).toEqual([]);
});
