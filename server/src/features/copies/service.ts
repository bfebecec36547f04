import type { Copy } from '@linkhive/shared/domain';
import { copyMessages } from '@linkhive/shared/domain';
import { PageTooComplex } from '../../content/readable-pool.js';
import type { ReadableCopy } from '../../content/readable.js';
import { notFound } from '../../http/errors.js';
import { FetchRefused, fetchMessages } from '../../integrations/page-fetch/address-guard.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { decodeHtml } from '../../integrations/page-fetch/page-meta.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Logger } from '../../logger.js';
import type { CopyRepository, CopyRow } from './repository.js';

export const COPY_JOB = 'copy';

interface CopyJob {
  bookmarkId: string;
}

/** What the crawler reads of a page: a long article fits; a larger page is refused, not cut. */
export const crawlLimits = { maxBytes: 3 * 1024 * 1024, timeoutMs: 15_000 };

/** Refusals that another try would meet again: the address, its scheme, its size, its redirects. */
const lasting = new Set<string>([
  fetchMessages.blocked,
  fetchMessages.scheme,
  fetchMessages.tooLarge,
  fetchMessages.tooManyRedirects,
]);

/**
 * Readable copies: after a save has answered, the crawler reads the bookmark's page through the
 * guarded fetcher and keeps its article (content/readable.ts). The reading is queued in the
 * account's own line, so one account's many saves take turns with everyone else's.
 */
export function copyService(deps: {
  repo: CopyRepository;
  queue: JobQueue;
  /** The queue inside a caller's transaction (a save's). */
  queueIn: (trx: Kysely<Database>) => JobQueue;
  fetchPage: GuardedFetch;
  /** The article of a page's HTML, read off the server's thread (content/readable-pool.ts). */
  extract: (html: string, url: string) => Promise<ReadableCopy | null>;
  /** CRAWL=off: nothing is queued or read. */
  enabled: boolean;
  poke: () => void;
  log: Logger;
  /**
   * The address a page of ours loads an outside image from: the server's image relay, as the
   * pages' content security policy allows no other origin (features/feeds/image-relay.ts).
   */
  relayImage: (url: string) => string;
}) {
  const { repo, queue, fetchPage, log } = deps;

  /** Queues the reading of a bookmark's page outside a save (its address changed). */
  async function request(userId: string, bookmarkId: string): Promise<void> {
    if (!deps.enabled) return;
    try {
      await queue.enqueue(COPY_JOB, { bookmarkId } satisfies CopyJob, { accountId: userId });
      deps.poke();
    } catch (err) {
      // The bookmark is saved: a copy that could not be queued loses nothing the user saved.
      log.error({ err, bookmarkId }, 'copy: could not queue the reading of a page');
    }
  }

  return {
    /**
     * Queues a new bookmark's reading inside the transaction that stores it (BookmarkRepository.insert);
     * `queued` wakes the crawler once that has committed.
     */
    async queueIn(trx: Kysely<Database>, userId: string, bookmarkId: string): Promise<void> {
      if (!deps.enabled) return;
      await deps.queueIn(trx).enqueue(COPY_JOB, { bookmarkId } satisfies CopyJob, { accountId: userId });
    },
    queued(): void {
      if (deps.enabled) deps.poke();
    },

    /** A bookmark's address changed: its copy was of the old page, so it goes, and the new page is read. */
    async addressChanged(userId: string, bookmarkId: string): Promise<void> {
      await repo.remove(bookmarkId);
      await request(userId, bookmarkId);
    },

    /** The copy of one of the user's bookmarks; 404 for another user's and before there is one. */
    async get(userId: string, bookmarkId: string): Promise<Copy> {
      const row = await repo.find(userId, bookmarkId);
      if (!row) throw notFound(copyMessages.noCopy);
      return relayed(toCopy(row), deps.relayImage);
    },

    /** The crawler's job: reads the page and keeps its article. A page with none keeps nothing. */
    async run({ bookmarkId }: CopyJob): Promise<void> {
      const bookmark = await repo.linkOf(bookmarkId);
      if (!bookmark) return; // deleted since it was saved
      let page;
      try {
        page = await fetchPage(bookmark.link, {
          ...crawlLimits,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        });
      } catch (e) {
        // Retried (by the lane) only when another try may fare better: a timeout, a site down.
        if (e instanceof FetchRefused && lasting.has(e.message)) {
          log.info({ bookmarkId, reason: e.message }, 'copy: page refused');
          return;
        }
        throw e;
      }
      const type = String(page.headers['content-type'] ?? 'text/html');
      if (page.status >= 400 || !/html/i.test(type)) return;
      let copy: ReadableCopy | null;
      try {
        copy = await deps.extract(decodeHtml(page.body, type), page.url);
      } catch (e) {
        if (!(e instanceof PageTooComplex)) throw e;
        log.info({ bookmarkId }, 'copy: page too complex to read');
        return;
      }
      if (!copy) return;
      await repo.save(
        {
          bookmark_id: bookmarkId,
          title: copy.title,
          byline: copy.byline,
          site_name: copy.siteName,
          excerpt: copy.excerpt,
          lang: copy.lang,
          word_count: copy.wordCount,
          lead_image: copy.leadImage,
          text: copy.text,
          html: copy.html,
          fetched_at: new Date().toISOString(),
        },
        bookmark.link,
      );
    },
  };
}

/**
 * The copy with its images loaded through the relay. The stored HTML is our own cleaned output
 * (sanitizeReaderHtml), so each image is `<img src="…"` with the address first and `&` written
 * `&amp;`, always absolute http(s).
 */
function relayed(copy: Copy, relay: (url: string) => string): Copy {
  const decode = (s: string) => s.replace(/&amp;/g, '&');
  const encode = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    ...copy,
    leadImage: copy.leadImage && relay(copy.leadImage),
    html: copy.html.replace(/<img src="([^"]*)"/g, (_, src: string) => `<img src="${encode(relay(decode(src)))}"`),
  };
}

function toCopy(row: CopyRow): Copy {
  return {
    title: row.title,
    byline: row.byline,
    siteName: row.site_name,
    excerpt: row.excerpt,
    lang: row.lang,
    wordCount: row.word_count,
    leadImage: row.lead_image,
    html: row.html,
    fetchedAt: row.fetched_at,
  };
}

export type CopyService = ReturnType<typeof copyService>;
