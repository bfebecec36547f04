import { createHash } from 'node:crypto';
import { screenshotBudget } from '@linkhive/shared/domain';
import type { FileStore } from '../../integrations/files/index.js';
import type { Screenshotter } from '../../integrations/screenshots/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { budgetedStart, budgetedStarts } from '../../jobs/budget.js';
import { FetchRefused, fetchMessages } from '../../integrations/page-fetch/address-guard.js';
import type { ScreenshotRepository } from './repository.js';

export const SCREENSHOT_JOB = 'screenshot';

interface ScreenshotJob {
  domain: string;
  /** The home page to capture. */
  page?: string;
  /** Jobs queued before `page` carried the saver's own address here. */
  link?: string;
}

/**
 * The one page a domain's shared screenshot may show: its home page (scheme, host and port). A
 * user's own address, with its path, query or credentials, may be private to that user.
 */
export function homePage(link: string): string {
  const url = new URL(link);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(fetchMessages.scheme);
  return `${url.protocol}//${url.host}/`;
}

/** Screenshots are kept once per domain and shared by every bookmark of it. */
export function screenshotService(deps: {
  repo: ScreenshotRepository;
  queue: JobQueue;
  files: FileStore;
  screenshotter: Screenshotter;
  poke: () => void;
}) {
  const { repo, queue, files, screenshotter } = deps;

  return {
    enabled: screenshotter.available,

    /**
     * Queues a capture of the link's home page unless the domain has one (or one is on its way);
     * `force` retakes it. The capture counts against the account's screenshot budget: past it, it
     * is queued for the hour when the budget allows, and the favourite shows its site icon till then.
     */
    async request(domain: string, link: string, opts: { force?: boolean; accountId?: string } = {}): Promise<void> {
      const { force = false, accountId } = opts;
      if (!screenshotter.available) return;
      let page: string;
      try {
        page = homePage(link);
      } catch {
        return; // not a web address (an imported one may be anything): nothing to capture
      }
      const existing = await repo.find(domain);
      if (existing && !force && existing.status !== 'failed') return;
      if (existing && force && existing.status === 'pending') return;
      await repo.markPending(domain);
      await queue.enqueue(SCREENSHOT_JOB, { domain, page } satisfies ScreenshotJob, {
        accountId,
        runAt: accountId ? await budgetedStart(queue, SCREENSHOT_JOB, accountId, screenshotBudget) : undefined,
      });
      deps.poke();
    },

    /**
     * request() for an import's favourites: the same rules (one capture per domain, within the
     * account's budget), in a few statements instead of five a favourite.
     */
    async requestMany(favourites: Array<{ domain: string; link: string }>, accountId: string): Promise<void> {
      if (!screenshotter.available) return;
      const pages = new Map<string, string>();
      for (const { domain, link } of favourites) {
        if (pages.has(domain)) continue;
        try {
          pages.set(domain, homePage(link));
        } catch {
          // not a web address: nothing to capture
        }
      }
      const known = await repo.findMany([...pages.keys()]);
      const wanted = [...pages].filter(([domain]) => {
        const status = known.get(domain)?.status;
        return status === undefined || status === 'failed';
      });
      if (!wanted.length) return;
      await repo.markPendingMany(wanted.map(([domain]) => domain));
      const starts = await budgetedStarts(queue, SCREENSHOT_JOB, accountId, screenshotBudget, wanted.length);
      await queue.enqueueBatch(
        SCREENSHOT_JOB,
        wanted.map(([domain, page], i) => ({ payload: { domain, page } satisfies ScreenshotJob, runAt: starts[i] })),
        accountId,
      );
      deps.poke();
    },

    async run({ domain, page, link }: ScreenshotJob): Promise<void> {
      try {
        // Reduced again here, so an old job (or any payload) never captures more than a home page.
        const png = await screenshotter.capture(homePage(page ?? link ?? ''));
        const name = `${createHash('sha1').update(domain).digest('hex').slice(0, 16)}-${Date.now().toString(36)}.png`;
        const path = await files.put('screenshots', name, png);
        const old = await repo.find(domain);
        await repo.markReady(domain, path);
        if (old?.file && old.file !== path) await files.remove(old.file);
      } catch (err) {
        await repo.markFailed(domain, String((err as Error).message ?? err));
        throw err;
      }
    },
  };
}

export type ScreenshotService = ReturnType<typeof screenshotService>;
