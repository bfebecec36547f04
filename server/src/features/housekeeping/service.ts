import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { JobQueue } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/worker.js';
import type { TrashService } from '../trash/service.js';

/** The hourly job that deletes for good what has waited its time. */
export const HOUSEKEEPING_JOB = 'housekeeping';

/**
 * Days a finished job is kept. Done: two, so that a job queued once a day by its id (the billing
 * reconcile) is still there to say so when a process starts again that day; budgets count the
 * last hour's jobs only. Failed: a month, for whoever looks into why.
 */
export const finishedJobDays = { done: 2, failed: 30 } as const;

/** Jobs deleted a statement: each a short write, however many a busy day left. */
const jobBatch = 500;

const dayMs = 24 * 60 * 60 * 1000;

/** This hour's run: one id for every process that queues it, so it runs once an hour. */
export const housekeepingJobId = (at: Date) => `${HOUSEKEEPING_JOB}:${at.toISOString().slice(0, 13)}`;

/**
 * What the server deletes for good, once an hour in whichever process works the queue (not at
 * every start of every process, which held a start up behind a long trash): bookmarks and group
 * links whose days in the trash are over, and finished jobs past their days. Without the second,
 * every mail, screenshot and link check (a link sweep alone queues 14,400 a day) stayed a row for good.
 */
export function housekeeping(deps: { trash: TrashService; queue: JobQueue; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();

  /** Deletes what is due as of `at`; answers how many trashed bookmarks and links, and jobs. */
  async function run(at = now(), signal?: AbortSignal): Promise<{ trashed: number; jobs: number }> {
    const trashed = await deps.trash.purge(at, signal);
    const before = {
      done: new Date(at.getTime() - finishedJobDays.done * dayMs),
      failed: new Date(at.getTime() - finishedJobDays.failed * dayMs),
    };
    let jobs = 0;
    // Cut off by the lane's time limit (a long trash, or a first run after an upgrade finding
    // months of jobs): both stop between batches; the next hour's run carries on.
    while (!signal?.aborted) {
      const n = await deps.queue.deleteFinished(before, jobBatch);
      jobs += n;
      if (n < jobBatch) break;
      await yieldToOthers();
    }
    return { trashed, jobs };
  }

  const handler: JobHandler = async (_payload, attempt) => void (await run(now(), attempt.signal));
  return {
    run,
    handler,
    /** Queues this hour's run, once whichever processes ask. */
    queue: () => deps.queue.enqueue(HOUSEKEEPING_JOB, {}, { id: housekeepingJobId(now()) }),
  };
}

export type Housekeeping = ReturnType<typeof housekeeping>;
