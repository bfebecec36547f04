import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { JobAttempt, JobHandler } from '../../jobs/worker.js';
import { trashTimes } from '../trash/service.js';
import type { GroupLinkTrash } from './link-trash.js';
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
 * Moves a deleted group's links to its owner's trash a batch at a time (issue 31: restorable there
 * as bookmarks for TRASH_DAYS), yielding between batches, then removes its row (and its own trash).
 * Each batch commits alone, so a process that dies mid-way leaves fewer links, and the job, claimed
 * again once its lease ends, carries on from there.
 */
export function groupPurge(
  repo: GroupRepository,
  trash: { links: GroupLinkTrash; days: number },
  opts: { batch?: number } = {},
) {
  const batch = opts.batch ?? groupPurgeBatch;

  async function run(payload: GroupPurgePayload, attempt?: Pick<JobAttempt, 'signal'>): Promise<void> {
    for (;;) {
      // Cut off by the lane's time limit: stop between batches; the retry resumes.
      attempt?.signal?.throwIfAborted();
      const removed = await trash.links.toOwnersTrash(payload.groupId, batch, trashTimes(trash.days));
      if (removed === 0) break;
      await yieldToOthers();
    }
    await repo.deleteMarkedGroup(payload.groupId);
  }

  const handler: JobHandler = (payload: GroupPurgePayload, attempt) => run(payload, attempt);
  return { run, handler };
}
