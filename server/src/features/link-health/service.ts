import { bookmarkMessages, linkHealthMessages, type LinkHealth } from '@linkhive/shared/domain';
import type { FetchBudget } from '../../http/fetch-budget.js';
import { AppError, notFound } from '../../http/errors.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../logger.js';
import { errorOf, judge, type CheckOutcome, type CheckState } from './classify.js';
import type { LinkCheckRow, LinkHealthRepository, LinkTarget } from './repository.js';

export const LINK_CHECK_JOB = 'link-check';

interface LinkCheckJob {
  bookmarkId: string;
}

/** What a check reads of a page: its status is what matters, so a little of its body at most. */
export const linkCheckLimits = { maxBytes: 64 * 1024, timeoutMs: 10_000 };

/**
 * The sweep: every few minutes, at most `batch` links that are due (or never checked and saved
 * over `settleMs` ago) are queued, one job each, in the 'link checks' lane. 50 every 5 minutes is
 * 14,400 a day: a 100,000-link library re-checked monthly needs about 3,300.
 */
export const linkSweep = { everyMs: 5 * 60_000, batch: 50, settleMs: 60 * 60_000 };

/**
 * Link health (issue 30): each bookmark's address is fetched through the guarded fetcher now and
 * then, and the rules of classify.ts turn the answers into its health. Checks run in the job
 * queue's 'link checks' lane, queued by a periodic sweep (CRAWL=on only); 'Check now' is the
 * user's own request and runs at once, even with CRAWL=off, within the account's fetch budget.
 */
export function linkHealthService(deps: {
  repo: LinkHealthRepository;
  queue: JobQueue;
  fetchPage: GuardedFetch;
  /** The account's budget of outside fetches, drawn on by 'Check now'. */
  budget: FetchBudget;
  poke: () => void;
  log: Logger;
  /** The time the rules read (tests move it by days). */
  now?: () => Date;
  /** Spreads re-checks (tests fix it). */
  random?: () => number;
  /** The fetch's time limit (tests make it short). */
  timeoutMs?: number;
  /** Links a sweep queues at most. */
  sweepBatch?: number;
}) {
  const { repo, queue, log } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;

  async function fetchOutcome(link: string): Promise<CheckOutcome> {
    try {
      const page = await deps.fetchPage(link, {
        maxBytes: linkCheckLimits.maxBytes,
        timeoutMs: deps.timeoutMs ?? linkCheckLimits.timeoutMs,
        truncate: true,
      });
      return { status: page.status, url: page.url };
    } catch (err) {
      return { error: errorOf(err) };
    }
  }

  /** Fetches the bookmark's address, judges the answer against its last check and stores the result. */
  async function check(bookmarkId: string, target: LinkTarget): Promise<LinkCheckRow> {
    const outcome = await fetchOutcome(target.link);
    const result = judge(stateOf(target.check), outcome, target.link, now(), random);
    const row: LinkCheckRow = {
      bookmark_id: bookmarkId,
      link: target.link,
      status: result.status,
      final_url: result.finalUrl,
      error: result.error,
      health: result.health,
      failures: result.failures,
      first_failed_at: result.firstFailedAt,
      checked_at: result.checkedAt,
      next_check_at: result.nextCheckAt,
    };
    await repo.save(row);
    return row;
  }

  async function sweep(): Promise<number> {
    const at = now();
    const batch = deps.sweepBatch ?? linkSweep.batch;
    const due = await repo.due(at, batch);
    const fresh =
      due.length < batch ? await repo.unchecked(new Date(at.getTime() - linkSweep.settleMs), batch - due.length) : [];
    const day = at.toISOString().slice(0, 10);
    for (const { bookmarkId, userId } of [...due, ...fresh])
      await queue.enqueue(LINK_CHECK_JOB, { bookmarkId } satisfies LinkCheckJob, {
        id: `${LINK_CHECK_JOB}:${bookmarkId}:${day}`,
        accountId: userId,
      });
    if (due.length + fresh.length) deps.poke();
    return due.length + fresh.length;
  }

  return {
    /** The health of one of the user's bookmarks; 404 for another user's or a missing one. */
    async get(userId: string, bookmarkId: string): Promise<LinkHealth> {
      const target = await repo.findOwned(userId, bookmarkId);
      if (!target) throw notFound(bookmarkMessages.notFound);
      return toHealth(target.check);
    },

    /** 'Check now': checks one of the user's bookmarks at once and answers its health. */
    async check(userId: string, bookmarkId: string): Promise<LinkHealth> {
      const target = await repo.findOwned(userId, bookmarkId);
      if (!target) throw notFound(bookmarkMessages.notFound);
      if (!(await deps.budget.take(userId)))
        throw new AppError(429, 'fetch_budget_spent', linkHealthMessages.checkBudgetSpent);
      return toHealth(await check(bookmarkId, target));
    },

    /**
     * The lane's job: checks a bookmark's link, unless it is gone or was checked since the job was
     * queued (a 'Check now', or the same link queued twice), which would count one failure twice.
     */
    async run({ bookmarkId }: LinkCheckJob): Promise<void> {
      const target = await repo.find(bookmarkId);
      if (!target) return;
      if (target.check && target.check.next_check_at > now().toISOString()) return;
      await check(bookmarkId, target);
    },

    /**
     * Queues the checks that are due: the longest due first, then links never checked. A job's id
     * names the bookmark and the day, so that sweeps of several processes, or a sweep while the
     * last one's jobs still wait, queue each link once a day at most.
     */
    sweep,

    /** Sweeps every few minutes until the returned function is called; the timer holds no process open. */
    startSweeps(): () => void {
      const timer = setInterval(() => {
        sweep().catch((err) => log.error({ err }, 'link health: could not queue the due checks'));
      }, linkSweep.everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    /** The last checks of a page of bookmarks (the list's badges): repository.healthOf. */
    healthOf: (ids: string[]) => repo.healthOf(ids),
  };
}

function stateOf(check: LinkCheckRow | null): CheckState | null {
  return (
    check && {
      health: check.health,
      failures: check.failures,
      firstFailedAt: check.first_failed_at,
      finalUrl: check.final_url,
    }
  );
}

/** A check as the API answers it; none is 'unchecked'. */
export function toHealth(check: LinkCheckRow | null): LinkHealth {
  if (!check) return { health: 'unchecked', status: null, finalUrl: null, checkedAt: null };
  return { health: check.health, status: check.status, finalUrl: check.final_url, checkedAt: check.checked_at };
}

export type LinkHealthService = ReturnType<typeof linkHealthService>;
