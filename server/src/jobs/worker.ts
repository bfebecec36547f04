import type { Logger } from '../logger.js';
import { pollingRunner } from './polling.js';
import type { JobQueue } from './queue.js';

/** Which try this is; on the last one a handler records that the work failed for good. */
export interface JobAttempt {
  attempt: number;
  final: boolean;
  /** Aborted when the job's lane cuts it off (its timeout): a handler that can stop early should. */
  signal?: AbortSignal;
}

export type JobHandler = (payload: any, attempt: JobAttempt) => Promise<void>;

/**
 * A kind of background work with its own pace: its own runners, so that it never waits behind
 * another kind (mail behind screenshots), and its own limit on how long one job may take.
 */
export interface Lane {
  name: string;
  handlers: Record<string, JobHandler>;
  /** Jobs of this lane run at once in one process. */
  concurrency: number;
  /** A job still running after this is cut off, fails this try, and is retried like any failure. */
  timeoutMs: number;
  /** Tries before a job stays failed (default 3); each retry waits twice as long as the one before. */
  maxAttempts?: number;
}

export interface Worker {
  /** Wakes the worker at once, e.g. right after a job was queued by this process. */
  poke(): void;
  /** Resolves when no job is ready in any lane: for tests and for a clean shutdown. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const defaultMaxAttempts = 3;

/**
 * Runs queued jobs in lanes, each with `concurrency` runners that take only the lane's job types.
 * Polls the table (so jobs queued by other processes are seen) and is poked by this process for a
 * quick start. Failures, timeouts included, retry with a growing delay, then stay failed.
 */
export function startWorker(
  queue: JobQueue,
  lanes: Lane[],
  log: Logger,
  opts: { pollMs?: number; leaseMs?: number; retryBaseMs?: number } = {},
): Worker {
  const { pollMs = 1000, leaseMs = 60_000, retryBaseMs = 1000 } = opts;
  const runners = lanes.flatMap((lane) =>
    Array.from({ length: lane.concurrency }, () => laneRunner(queue, lane, log, { pollMs, leaseMs, retryBaseMs })),
  );
  return {
    poke: () => runners.forEach((r) => r.poke()),
    idle: async () => {
      await Promise.all(runners.map((r) => r.idle()));
    },
    stop: async () => {
      await Promise.all(runners.map((r) => r.stop()));
    },
  };
}

/** One runner of a lane: takes the lane's jobs one at a time. */
function laneRunner(
  queue: JobQueue,
  lane: Lane,
  log: Logger,
  opts: { pollMs: number; leaseMs: number; retryBaseMs: number },
): Worker {
  const types = Object.keys(lane.handlers);
  const maxAttempts = lane.maxAttempts ?? defaultMaxAttempts;
  // Cut off before the lease ends, so that no other process takes a job this one is still running.
  const timeoutMs = Math.max(1, Math.min(lane.timeoutMs, opts.leaseMs - 1000));
  async function runOne(type: string, payload: unknown, attempt: number) {
    const controller = new AbortController();
    let cutOff: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      cutOff = setTimeout(() => {
        controller.abort();
        reject(new Error(`timed out after ${timeoutMs / 1000} s`));
      }, timeoutMs);
    });
    try {
      const work = lane.handlers[type]!(payload, {
        attempt,
        final: attempt >= maxAttempts,
        signal: controller.signal,
      });
      // A handler that ends after its cut-off has nobody left to hear it.
      work.catch(() => {});
      await Promise.race([work, timedOut]);
    } finally {
      clearTimeout(cutOff);
    }
  }

  async function drain(stopped: () => boolean) {
    for (;;) {
      if (stopped()) return;
      const job = await queue.claim(types, opts.leaseMs);
      if (!job) return;
      try {
        await runOne(job.type, JSON.parse(job.payload), job.attempts);
        await queue.complete(job.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const retryAt = job.attempts < maxAttempts ? new Date(Date.now() + 2 ** job.attempts * opts.retryBaseMs) : null;
        log.warn(
          { jobId: job.id, type: job.type, lane: lane.name, attempts: job.attempts, err: message },
          'job failed',
        );
        await queue.fail(job.id, message, retryAt);
      }
    }
  }

  return pollingRunner(drain, { pollMs: opts.pollMs, log, context: { lane: lane.name } });
}

/** Two workers as one: woken, waited for and stopped together (the job lanes and the crawler). */
export function alongside(a: Worker, b: Worker): Worker {
  return {
    poke: () => {
      a.poke();
      b.poke();
    },
    async idle() {
      // A crawled page may queue jobs (and a job make pages to read): until both are quiet.
      await Promise.all([a.idle(), b.idle()]);
      await a.idle();
    },
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}
