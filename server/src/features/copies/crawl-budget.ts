import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countInWindow, giveBackInWindow } from '../../http/rate-limit.js';

/** CRAWL_BUDGET's window: pages read per account per hour. */
export const crawlBudgetWindowMs = 60 * 60_000;

export interface CrawlBudget {
  /**
   * Takes one page from the account's budget: 0 when taken, or, once its budget is spent, how long
   * until the account's window ends.
   */
  take(owner: number): Promise<number>;
}

/**
 * How many pages of one account the crawler reads per hour (CRAWL_BUDGET), so that one account's
 * 50,000-link import cannot have the server fetch from the web without end on its behalf. Counted in
 * the rate-limit table like FETCH_BUDGET, so that every crawling process draws on one budget.
 */
export function crawlBudget(db: Kysely<Database>, opts: { limit: number; windowMs?: number }): CrawlBudget {
  const windowMs = opts.windowMs ?? crawlBudgetWindowMs;
  return {
    async take(owner) {
      const key = `budget:crawl:${owner}`;
      const { count, windowStart } = await countInWindow(db, key, windowMs);
      if (count <= opts.limit) return 0;
      // A refused page is not counted: the count stays at the limit.
      await giveBackInWindow(db, key, windowStart);
      return Math.max(1000, windowStart + windowMs - Date.now());
    },
  };
}
