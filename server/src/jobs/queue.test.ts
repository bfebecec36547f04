import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { testDialects } from '../testing/databases.js';
import { jobQueue, type JobQueue } from './queue.js';
import { startWorker } from './worker.js';

const silent = pino({ level: 'silent' });

describe.each(testDialects)('the job queue on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('hands each job to one worker only, even when they claim at the same moment', async () => {
    const queue = jobQueue(t.server.database.db, t.server.database.dialect);
    for (let i = 0; i < 20; i++) await queue.enqueue('count', { i });
    const claims = await Promise.all(Array.from({ length: 30 }, () => queue.claim(['count'], 60_000)));
    const taken = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(taken).toHaveLength(20);
    expect(new Set(taken).size).toBe(20);
    expect(await queue.claim(['count'], 60_000)).toBeNull();
  });

  it('retries a failing job later and takes back a job whose worker died', async () => {
    const queue = jobQueue(t.server.database.db, t.server.database.dialect);
    await queue.enqueue('flaky', {});
    const first = (await queue.claim(['flaky'], 60_000))!;
    await queue.fail(first.id, 'boom', new Date(Date.now() - 1));
    const again = (await queue.claim(['flaky'], 60_000))!;
    expect(again).toMatchObject({ id: first.id, attempts: 2, last_error: 'boom' });
    // A lease that ran out (the worker crashed) makes the job claimable again.
    await t.server.database.db
      .updateTable('job')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', first.id)
      .execute();
    expect((await queue.claim(['flaky'], 60_000))?.id).toBe(first.id);
  });

  it('lets accounts take turns: one account’s backlog does not hold back another’s first job', async () => {
    const queue = jobQueue(t.server.database.db, t.server.database.dialect);
    // Each due a millisecond after the one before: jobs queued within one millisecond share their
    // time, and their order within a turn is then the database's (it failed CI once on Postgres).
    const start = Date.now() - 10_000;
    let queued = 0;
    const runAt = () => new Date(start + queued++);
    for (let i = 0; i < 5; i++) await queue.enqueue('turns', { who: 'ann', i }, { accountId: 'ann', runAt: runAt() });
    await queue.enqueue('turns', { who: 'bob', i: 0 }, { accountId: 'bob', runAt: runAt() });
    await queue.enqueue('turns', { who: 'bob', i: 1 }, { accountId: 'bob', runAt: runAt() });
    await queue.enqueue('turns', { who: 'nobody', i: 0 }, { runAt: runAt() });
    const order: string[] = [];
    for (let job = await queue.claim(['turns'], 60_000); job; job = await queue.claim(['turns'], 60_000)) {
      const p = JSON.parse(job.payload) as { who: string; i: number };
      order.push(`${p.who}${p.i}`);
      await queue.complete(job.id);
    }
    expect(order).toEqual(['ann0', 'bob0', 'nobody0', 'ann1', 'bob1', 'ann2', 'ann3', 'ann4']);
    expect(await queue.countDueSince('turns', 'ann', new Date(Date.now() - 60_000))).toBe(5);
  });

  it('lets idle() wait for a job queued while the worker was finishing a round', async () => {
    const real = jobQueue(t.server.database.db, t.server.database.dialect);
    const ran: string[] = [];
    let idleAfterLateJob: Promise<void> | undefined;
    // The moment between the worker's last look for jobs and the end of its round: a job queued
    // then, and a caller asking for idle right after, as a test reading the outbox does.
    const queue: JobQueue = {
      ...real,
      async claim(types, leaseMs) {
        const job = await real.claim(types, leaseMs);
        if (!job && !idleAfterLateJob) {
          await real.enqueue('late', {});
          idleAfterLateJob = worker.idle();
        }
        return job;
      },
    };
    const handlers = { first: async () => void ran.push('first'), late: async () => void ran.push('late') };
    const worker = startWorker(queue, [{ name: 'test', handlers, concurrency: 1, timeoutMs: 30_000 }], silent);
    await real.enqueue('first', {});
    await worker.idle();
    await idleAfterLateJob;
    await worker.stop();
    expect(ran).toEqual(['first', 'late']);
  });

  it('runs handlers through the worker and records the outcome', async () => {
    const queue = jobQueue(t.server.database.db, t.server.database.dialect);
    const seen: number[] = [];
    const handlers = {
      square: async (p: { n: number }) => void seen.push(p.n * p.n),
      broken: async () => {
        throw new Error('always fails');
      },
    };
    const worker = startWorker(queue, [{ name: 'test', handlers, concurrency: 1, timeoutMs: 30_000 }], silent);
    await queue.enqueue('square', { n: 3 });
    await queue.enqueue('broken', {});
    await worker.idle();
    await worker.stop();
    expect(seen).toEqual([9]);
    const rows = await t.server.database.db
      .selectFrom('job')
      .select(['type', 'status', 'last_error'])
      .where('type', 'in', ['square', 'broken'])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { type: 'square', status: 'done', last_error: null },
        { type: 'broken', status: 'queued', last_error: 'always fails' },
      ]),
    );
  });
});
