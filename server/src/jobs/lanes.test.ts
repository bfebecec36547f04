import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { testDialects } from '../testing/databases.js';
import { jobQueue } from './queue.js';
import { startWorker, type JobAttempt } from './worker.js';

const silent = pino({ level: 'silent' });

/** A promise the test settles by hand: a job that hangs until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(testDialects)('job lanes on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());
  const jobRow = (id: string) =>
    t.server.database.db
      .selectFrom('job')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('runs mail while a screenshot hangs: one kind of work never waits behind another', async () => {
    const queue = jobQueue(t.server.database.db, dialect);
    const stuck = gate();
    const started = gate();
    const mailed: string[] = [];
    const worker = startWorker(
      queue,
      [
        {
          name: 'screenshots',
          concurrency: 1,
          timeoutMs: 30_000,
          handlers: { 'lane-shot': () => (started.open(), stuck.opened) },
        },
        {
          name: 'mail',
          concurrency: 1,
          timeoutMs: 30_000,
          handlers: { 'lane-mail': async (p: { to: string }) => void mailed.push(p.to) },
        },
      ],
      silent,
    );
    const shot = await queue.enqueue('lane-shot', {});
    worker.poke();
    await started.opened;
    // Queued after the screenshot, as a second user's welcome mail is while the first one's import
    // screenshots run.
    const mail = await queue.enqueue('lane-mail', { to: 'bea@example.com' });
    worker.poke();
    // Waits for the mail's state; the cap is room on a busy machine, not a figure tested.
    await expect.poll(async () => (await jobRow(mail)).status, { timeout: 20_000 }).toBe('done');
    expect(mailed).toEqual(['bea@example.com']);
    expect((await jobRow(shot)).status).toBe('running');
    stuck.open();
    await worker.idle();
    await worker.stop();
    expect((await jobRow(shot)).status).toBe('done');
  });

  it('cuts off a job that hangs past its lane’s limit, tells the handler, retries it later, and goes on', async () => {
    const queue = jobQueue(t.server.database.db, dialect);
    const seen: JobAttempt[] = [];
    const done: string[] = [];
    const never = new Promise<void>(() => {});
    const worker = startWorker(
      queue,
      [
        {
          name: 'crawls',
          concurrency: 1,
          timeoutMs: 50,
          handlers: {
            'lane-hang': (_p: unknown, attempt: JobAttempt) => (seen.push(attempt), never),
            'lane-next': async () => void done.push('next'),
          },
        },
      ],
      silent,
    );
    const hung = await queue.enqueue('lane-hang', {});
    const next = await queue.enqueue('lane-next', {}, { runAt: new Date(Date.now() + 1) });
    await worker.idle();
    await worker.stop();
    expect(await jobRow(hung)).toEqual({ status: 'queued', attempts: 1, last_error: 'timed out after 0.05 s' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.signal?.aborted).toBe(true);
    expect(done).toEqual(['next']);
    expect((await jobRow(next)).status).toBe('done');
  });

  it('gives each lane its own retry policy', async () => {
    const queue = jobQueue(t.server.database.db, dialect);
    const tries: number[] = [];
    const worker = startWorker(
      queue,
      [
        {
          name: 'optional work',
          concurrency: 1,
          timeoutMs: 30_000,
          maxAttempts: 2,
          handlers: {
            'lane-flaky': async (_p: unknown, attempt: JobAttempt) => {
              tries.push(attempt.attempt);
              expect(attempt.final).toBe(attempt.attempt === 2);
              throw new Error('still down');
            },
          },
        },
      ],
      silent,
      { retryBaseMs: 1 },
    );
    const id = await queue.enqueue('lane-flaky', {});
    await expect
      .poll(async () => {
        await worker.idle();
        return (await jobRow(id)).status;
      })
      .toBe('failed');
    await worker.stop();
    expect(tries).toEqual([1, 2]);
    expect(await jobRow(id)).toEqual({ status: 'failed', attempts: 2, last_error: 'still down' });
  });
});
