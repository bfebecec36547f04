import { mailBudget } from '@linkhive/shared/domain';
import { budgetedStart } from '../../jobs/budget.js';
import type { JobQueue } from '../../jobs/queue.js';

/**
 * The one way a mail job is queued: with the account whose action caused it, so that accounts take
 * turns in the mail lane and each stays within its mail budget (`mailBudget`, all kinds of mail
 * together). A mail nobody's account caused (a reset asked for an address) has no account; it is
 * limited per address instead.
 */
export function mailOutbox(deps: { queue: JobQueue; poke: () => void; mailTypes: readonly string[] }) {
  return {
    async enqueue(type: string, payload: unknown, accountId?: string): Promise<void> {
      const runAt = accountId ? await budgetedStart(deps.queue, deps.mailTypes, accountId, mailBudget) : undefined;
      await deps.queue.enqueue(type, payload, { accountId, runAt });
      deps.poke();
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
