import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface FetchBudget {
  /** Takes one outside fetch from the account's budget; false once the window's budget is spent. */
  take(userId: string): Promise<boolean>;
}

/**
 * How many outside fetches (feeds, site icons) one account may cause per window. The count lives in
 * the rate-limit table, as rate-limit.ts keeps its counters, so that several server processes draw
 * on one budget. Unlike rate-limit.ts the window starts at the account's first fetch rather than on
 * the clock's boundaries, so a burst cannot take a budget at the end of one window and another at
 * the start of the next.
 */
export function fetchBudget(
  db: Kysely<Database>,
  opts: { name: string; limit: number; windowMs: number },
): FetchBudget {
  return {
    async take(userId) {
      const now = Date.now();
      const current = sql`rate_limit.window_start > ${now - opts.windowMs}`;
      const row = await db
        .insertInto('rate_limit')
        .values({ key: `budget:${opts.name}:${userId}`, window_start: now, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`case when ${current} then rate_limit.count + 1 else 1 end`,
            window_start: sql`case when ${current} then rate_limit.window_start else ${now} end`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count) <= opts.limit;
    },
  };
}
