import type { Logger } from '../logger.js';
import type { JobQueue } from './queue.js';

/** Which try this is; on the last one a handler records that the work failed for good. */
export interface JobAttempt {
  attempt: number;
  final: boolean;
}

export type JobHandler = (payload: any, attempt: JobAttempt) => Promise<void>;

export interface Worker {
  /** Wakes the worker at once, e.g. right after a job was queued by this process. */
  poke(): void;
  /** Resolves when no job is ready: for tests and for a clean shutdown. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const maxAttempts = 3;

/**
 * Runs queued jobs one at a time. Polls the table (so jobs queued by other processes are seen) and
 * is poked by this process for a quick start. Failures retry with a growing delay, then stay failed.
 */
export function startWorker(
  queue: JobQueue,
  handlers: Record<string, JobHandler>,
  log: Logger,
  opts: { pollMs?: number; leaseMs?: number } = {},
): Worker {
  const { pollMs = 1000, leaseMs = 60_000 } = opts;
  const types = Object.keys(handlers);
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let idleWaiters: (() => void)[] = [];

  async function drain() {
    for (;;) {
      if (stopped) return;
      const job = await queue.claim(types, leaseMs);
      if (!job) return;
      try {
        await handlers[job.type]!(JSON.parse(job.payload), {
          attempt: job.attempts,
          final: job.attempts >= maxAttempts,
        });
        await queue.complete(job.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const retryAt = job.attempts < maxAttempts ? new Date(Date.now() + 2 ** job.attempts * 1000) : null;
        log.warn({ jobId: job.id, type: job.type, attempts: job.attempts, err: message }, 'job failed');
        await queue.fail(job.id, message, retryAt);
      }
    }
  }

  function tick() {
    if (stopped || running) return;
    running = drain()
      .catch((err) => log.error({ err }, 'job worker error'))
      .finally(() => {
        running = null;
        const waiters = idleWaiters;
        idleWaiters = [];
        waiters.forEach((w) => w());
        schedule();
      });
  }

  function schedule() {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, pollMs);
    timer.unref();
  }

  schedule();
  return {
    poke: () => setImmediate(tick),
    async idle() {
      // A drain under way may have looked for jobs before the caller queued theirs: after it ends,
      // one more drain, started now, runs everything queued so far.
      if (running) await running;
      if (stopped) return;
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        tick();
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
