import type { Restored, TrashPage } from '@linkhive/shared/domain';
import type { TrashRepository, TrashTimes } from './repository.js';

const dayMs = 24 * 60 * 60 * 1000;
/** Rows the purge deletes a statement: each a short write, whatever was deleted on one day. */
const purgeBatch = 500;

/** A row trashed `at`: when, and when it goes for good after `days`. */
export function trashTimes(days: number, at = new Date()): TrashTimes {
  return { trashedAt: at.toISOString(), purgeAt: new Date(at.getTime() + days * dayMs).toISOString() };
}

/** A page of a trash (the user's, a group's) as the API answers it. */
export function trashPageOf(
  rows: { id: string; title: string; link: string; category: string; trashed_at: string; purge_at: string }[],
  total: number,
  days: number,
): TrashPage {
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      link: r.link,
      category: r.category,
      trashedAt: r.trashed_at,
      purgeAt: r.purge_at,
    })),
    total,
    days,
  };
}

/**
 * What a delete does (issue 31): the bookmark goes to the trash, with its readable copy and link
 * check, for `days` (TRASH_DAYS); the user may restore it until then, or empty the trash at once.
 * A purge, run by the server every hour, deletes for good what has waited its days.
 */
export function trashService(
  repo: TrashRepository,
  opts: { days: number; now?: () => Date; alsoPurge?: ((now: string, limit: number) => Promise<number>)[] },
) {
  const now = () => opts.now?.() ?? new Date();
  /** A row trashed now: when, and when it goes for good. */
  const times = (): TrashTimes => trashTimes(opts.days, now());
  return {
    days: opts.days,
    times,
    /** Moves the user's bookmarks among `ids` to the trash; answers how many moved. */
    put: (userId: string, ids: string[]): Promise<number> => repo.put(userId, [...new Set(ids)], times()),
    async list(userId: string, page: number, pageSize: number): Promise<TrashPage> {
      const { rows, total } = await repo.list(userId, pageSize, (page - 1) * pageSize);
      return trashPageOf(rows, total, opts.days);
    },
    restore: (userId: string, ids: string[]): Promise<Restored> => repo.restore(userId, [...new Set(ids)]),
    empty: (userId: string): Promise<number> => repo.empty(userId),
    /**
     * Deletes for good everything whose days are over (as of `at`), bookmarks and the other trashes
     * (`alsoPurge`: groups' links); answers how many. An aborted `signal` (the job lane's time limit)
     * stops it between batches: what is left is deleted by the next run.
     */
    async purge(at = now(), signal?: AbortSignal): Promise<number> {
      let total = 0;
      for (const purgeDue of [repo.purgeDue, ...(opts.alsoPurge ?? [])]) {
        while (!signal?.aborted) {
          const n = await purgeDue(at.toISOString(), purgeBatch);
          total += n;
          if (n < purgeBatch) break;
        }
      }
      return total;
    },
  };
}

export type TrashService = ReturnType<typeof trashService>;
