import type { Request, RequestHandler } from 'express';
import { sql, type Kysely } from 'kysely';
import { httpMessages } from '@linkhive/shared/domain';
import type { Database } from '../db/schema.js';
import { AppError } from './errors.js';

/**
 * Counts one more event under `key` in a window kept in the database, so that several server
 * processes share one count. One upsert; an old window is overwritten in place rather than piling up.
 *
 * The window starts at the first event and lasts `windowMs`, rather than following the clock's
 * boundaries: with a clock-aligned window, guesses made just before and just after a boundary got
 * twice the limit (and a test of a limit failed whenever its requests straddled a minute).
 */
export async function countInWindow(db: Kysely<Database>, key: string, windowMs: number) {
  const now = Date.now();
  const current = sql`rate_limit.window_start > ${now - windowMs}`;
  const row = await db
    .insertInto('rate_limit')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${current} then rate_limit.count + 1 else 1 end`,
        window_start: sql`case when ${current} then rate_limit.window_start else ${now} end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const windowStart = Number(row.window_start);
  return {
    count: Number(row.count),
    windowStart,
    retryAfterS: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Takes one event back from the window that counted it: a success that must not use up a limit. */
export async function giveBackInWindow(db: Kysely<Database>, key: string, windowStart: number): Promise<void> {
  await db
    .updateTable('rate_limit')
    .set({ count: sql`count - 1` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('count', '>', 0)
    .execute();
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

/**
 * The one rate limiter (issue 29), made once by the composition root and handed to the routes that
 * limit, so that no route module needs the database. Every limit counts in the one table
 * (`countInWindow`); services and repositories that keep a budget of their own call that directly.
 */
export function rateLimits(db: Kysely<Database>) {
  return {
    /** A limit per address and route: past it, 429 with Retry-After. */
    perAddress: (opts: LimitOptions): RequestHandler => limited(db, opts, (req) => req.ip ?? 'unknown'),
    /**
     * A limit per signed-in account, whatever address it calls from; goes after requireUser. The key
     * names the account apart from addresses, so one cannot spend the other's count.
     */
    perAccount: (opts: LimitOptions): RequestHandler => limited(db, opts, (req) => `user:${req.user?.id ?? 'none'}`),
  };
}

export type RateLimits = ReturnType<typeof rateLimits>;
