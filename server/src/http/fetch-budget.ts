import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { countInWindow } from './rate-limit.js';

export interface FetchBudget {
  /** Takes one outside fetch from the account's budget; false once the window's budget is spent. */
  take(userId: string): Promise<boolean>;
}

/**
 * How many outside fetches (feeds, site icons) one account may cause per window. The count lives in
 * the rate-limit table like every other limit, so that several server processes draw on one budget.
 */
export function fetchBudget(
  db: Kysely<Database>,
  opts: { name: string; limit: number; windowMs: number },
): FetchBudget {
  return {
    async take(userId) {
      const { count } = await countInWindow(db, `budget:${opts.name}:${userId}`, opts.windowMs);
      return count <= opts.limit;
    },
  };
}
