import type { Request, RequestHandler } from 'express';
import { sql, type Kysely } from 'kysely';
import { httpMessages } from '@linkhive/shared/domain';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';

/**
 * Counts one more event under `key` in a fixed window kept in the database, so that several server
 * processes share one count. One upsert; old windows are overwritten in place rather than piling up.
 */
export async function countInWindow(db: Kysely<Database>, key: string, windowMs: number) {
  const now = Date.now();
  const windowStart = now - (now % windowMs);
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
  return { count: Number(row.count), windowStart, retryAfterS: Math.ceil((windowStart + windowMs - now) / 1000) };
}

interface LimitOptions {
  name: string;
  limit: number;
  windowMs: number;
  /** What a refused caller reads; the generic 'too many attempts' otherwise. */
  message?: string;
}

function limited(db: Kysely<Database>, opts: LimitOptions, keyOf: (req: Request) => string): RequestHandler {
  return async (req, res, next) => {
    const { count, retryAfterS } = await countInWindow(db, `${opts.name}:${keyOf(req)}`, opts.windowMs);
    res.setHeader('RateLimit-Limit', String(opts.limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, opts.limit - count)));
    if (count > opts.limit) {
      res.setHeader('Retry-After', String(retryAfterS));
      return next(new AppError(429, 'rate_limited', opts.message ?? httpMessages.tooManyRequests));
    }
    next();
  };
}

/** A limit per address and route: past it, 429 with Retry-After. */
export function rateLimit(db: Kysely<Database>, opts: LimitOptions): RequestHandler {
  return limited(db, opts, (req) => req.ip ?? 'unknown');
}

/**
 * A limit per signed-in account, whatever address it calls from; goes after requireUser. The key
 * names the account apart from addresses, so one cannot spend the other's count.
 */
export function accountRateLimit(db: Kysely<Database>, opts: LimitOptions): RequestHandler {
  return limited(db, opts, (req) => `user:${req.user?.id ?? 'none'}`);
}
