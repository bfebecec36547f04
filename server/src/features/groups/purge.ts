import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { JobAttempt, JobHandler } from '../../jobs/worker.js';
import type { GroupRepository } from './repository.js';

/** The job that removes a deleted group's links, queued in the transaction that marks it deleted. */
export const GROUP_PURGE_JOB = 'group-purge';

/**
 * Links removed per statement: each statement holds the write lock for milliseconds, so other
 * users' writes slip in between batches instead of waiting for the whole group (13.7 s for 200,000).
 */
export const groupPurgeBatch = 1000;

export interface GroupPurgePayload {
  groupId: string;
}

/**
 * Removes a deleted group's links a batch at a time, yielding between batches, then its row. Each
 * batch commits alone, so a process that dies mid-way leaves fewer links, and the job, claimed
 * again once its lease ends, carries on from there.
 */
export function groupPurge(repo: GroupRepository, opts: { batch?: number } = {}) {
  const batch = opts.batch ?? groupPurgeBatch;

  async function run(payload: GroupPurgePayload, attempt?: Pick<JobAttempt, 'signal'>): Promise<void> {
    for (;;) {
      // Cut off by the lane's time limit: stop between batches; the retry resumes.
      attempt?.signal?.throwIfAborted();
      const removed = await repo.deleteLinkBatch(payload.groupId, batch);
      if (removed === 0) break;
      await yieldToOthers();
    }
    await repo.deleteMarkedGroup(payload.groupId);
  }

  const handler: JobHandler = (payload: GroupPurgePayload, attempt) => run(payload, attempt);
  return { run, handler };
}
