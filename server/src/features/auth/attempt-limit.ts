import type { Response } from 'express';
import type { Kysely } from 'kysely';
import { httpMessages } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { countInWindow, giveBackInWindow } from '../../http/rate-limit.js';
import { hashToken } from './hashed-session-tokens.js';

/**
 * A fixed-window count per account rather than per address (http/rate-limit.ts counts per IP), in
 * the same shared table, so that guesses spread over many addresses still meet one limit. The
 * subject (an email, a user id) is stored hashed: unknown addresses people type leave no trace.
 */
export function attemptLimit(db: Kysely<Database>, opts: { name: string; limit: number; windowMs: number }) {
  const keyOf = (subject: string) => `${opts.name}:${hashToken(subject)}`;
  return {
    /**
     * Counts one attempt before it is made, so parallel requests cannot all slip under the limit;
     * past the limit, answers 429 like the per-address limiter. Returns the window, for giveBack.
     */
    async take(subject: string, res: Response): Promise<number> {
      const { count, windowStart, retryAfterS } = await countInWindow(db, keyOf(subject), opts.windowMs);
      if (count > opts.limit) {
        res.setHeader('Retry-After', String(retryAfterS));
        throw new AppError(429, 'rate_limited', httpMessages.tooManyRequests);
      }
      return windowStart;
    },

    /**
     * Counts one attempt and answers whether it is within the limit, without refusing anything: for
     * a caller that must answer the same either way and only leaves the work undone.
     */
    async allow(subject: string): Promise<boolean> {
      const { count } = await countInWindow(db, keyOf(subject), opts.windowMs);
      return count <= opts.limit;
    },

    /** Takes back an attempt that succeeded: only failures should use up an account's allowance. */
    async giveBack(subject: string, windowStart: number): Promise<void> {
      await giveBackInWindow(db, keyOf(subject), windowStart);
    },
  };
}

export type AttemptLimit = ReturnType<typeof attemptLimit>;
