import type { RequestHandler } from 'express';
import { sql, type Kysely } from 'kysely';
import { httpMessages } from '@linkhive/shared/domain';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counter kept in the database, so that several server processes share one count.
 * One upsert per request; old windows are overwritten in place rather than piling up.
 */
export function rateLimit(
  db: Kysely<Database>,
  opts: { name: string; limit: number; windowMs: number },
): RequestHandler {
  return async (req, res, next) => {
    const now = Date.now();
    const windowStart = now - (now % opts.windowMs);
    const key = `${opts.name}:${req.ip ?? 'unknown'}`;
    const row = await db
      .insertInto('rate_limit')
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when rate_limit.window_start = ${windowStart} then rate_limit.count + 1 else 1 end`,
          window_start: windowStart,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    const remaining = Math.max(0, opts.limit - Number(row.count));
    res.setHeader('RateLimit-Limit', String(opts.limit));
    res.setHeader('RateLimit-Remaining', String(remaining));
    if (Number(row.count) > opts.limit) {
      res.setHeader('Retry-After', String(Math.ceil((windowStart + opts.windowMs - now) / 1000)));
      return next(new AppError(429, 'rate_limited', httpMessages.tooManyRequests));
    }
    next();
  };
}
