import type { JobQueue } from './queue.js';

export interface HourlyBudget {
  readonly perAccount: number;
  readonly windowMs: number;
}

/**
 * When an account's next job of these kinds may run under its budget: now (undefined) while the
 * account is within it; past it, the start of the window in which this job's place in the account's
 * line falls (with 100 a window, the 101st waits one window, the 201st two). The work is delayed,
 * never dropped: nothing a user asked for is lost, and one account cannot fill a lane.
 */
export async function budgetedStart(
  queue: JobQueue,
  types: string | readonly string[],
  accountId: string,
  budget: HourlyBudget,
): Promise<Date | undefined> {
  return (await budgetedStarts(queue, types, accountId, budget, 1))[0];
}

/** budgetedStart for the account's next `n` jobs at once (an import's captures): one count, n answers. */
export async function budgetedStarts(
  queue: JobQueue,
  types: string | readonly string[],
  accountId: string,
  budget: HourlyBudget,
  n: number,
): Promise<Array<Date | undefined>> {
  const now = Date.now();
  const recent = await queue.countDueSince(types, accountId, new Date(now - budget.windowMs));
  return Array.from({ length: n }, (_, i) => {
    const place = recent + i;
    return place < budget.perAccount
      ? undefined
      : new Date(now + budget.windowMs * Math.floor(place / budget.perAccount));
  });
}
