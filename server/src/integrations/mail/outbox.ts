import { mailBudget } from '@linkhive/shared/domain';
import { budgetedStart } from '../../jobs/budget.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';

/**
 * The one way a mail job is queued: with the account whose action caused it, so that accounts take
 * turns in the mail lane and each stays within its mail budget (`mailBudget`, all kinds of mail
 * together). A mail nobody's account caused (a reset asked for an address) has no account; it is
 * limited per address instead.
 */
export function mailOutbox(deps: {
  queue: JobQueue;
  poke: () => void;
  mailTypes: readonly string[];
  /** The same queue over a caller's transaction. */
  queueIn?: (trx: Kysely<Database>) => JobQueue;
}) {
  async function queueOn(queue: JobQueue, type: string, payload: unknown, accountId?: string) {
    const runAt = accountId ? await budgetedStart(queue, deps.mailTypes, accountId, mailBudget) : undefined;
    await queue.enqueue(type, payload, { accountId, runAt });
  }
  return {
    async enqueue(type: string, payload: unknown, accountId?: string): Promise<void> {
      await queueOn(deps.queue, type, payload, accountId);
      deps.poke();
    },
    /**
     * Queues the mail in the transaction of the row that needs it, so that both are kept or neither
     * is; `poke` wakes the worker once that transaction has committed (before, it would find nothing).
     */
    async enqueueIn(trx: Kysely<Database>, type: string, payload: unknown, accountId?: string): Promise<void> {
      if (!deps.queueIn) throw new Error('mailOutbox: no queueIn to queue inside a transaction');
      await queueOn(deps.queueIn(trx), type, payload, accountId);
    },
    poke: () => deps.poke(),
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
