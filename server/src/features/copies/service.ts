import type { Copy } from '@linkhive/shared/domain';
import { copyMessages } from '@linkhive/shared/domain';
import { PageTooComplex } from '../../content/readable-pool.js';
import type { ReadableCopy } from '../../content/readable.js';
import { notFound } from '../../http/errors.js';
import { FetchRefused, fetchMessages } from '../../integrations/page-fetch/address-guard.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { decodeHtml } from '../../integrations/page-fetch/page-meta.js';
import type { Logger } from '../../logger.js';
import type { RobotsRules, SiteTurns } from './politeness.js';
import type { CopyRepository, CopyRow } from './repository.js';

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
 * Readable copies: after a save or an import has answered, the crawler (crawler.ts) reads the
 * bookmark's page through the guarded fetcher and keeps its article (content/readable.ts). A save
 * writes nothing for it: a bookmark whose page is still to be read says so itself (`read_state`),
 * and the crawler takes such pages in turns by account.
 */
export function copyService(deps: {
  repo: CopyRepository;
  fetchPage: GuardedFetch;
  /** Which pages a site's robots.txt lets the crawler read (politeness.ts). */
  robots: RobotsRules;
  /** One request at a time to a site, with a pause after each (politeness.ts). */
  sites: SiteTurns;
  /** The article of a page's HTML, read off the server's thread (content/readable-pool.ts). */
  extract: (html: string, url: string) => Promise<ReadableCopy | null>;
  /** CRAWL=off: nothing is read. */
  enabled: boolean;
  /** The size and time caps of a page read (`crawlLimits`); tests of oversized and slow pages lower them. */
  limits?: { maxBytes: number; timeoutMs: number };
  /** Wakes this process's crawler. */
  poke: () => void;
  log: Logger;
  /**
   * The address a page of ours loads an outside image from: the server's image relay, as the
   * pages' content security policy allows no other origin (features/feeds/image-relay.ts).
   */
  relayImage: (url: string) => string;
}) {
  const { repo, fetchPage, log } = deps;

  return {
    /** A bookmark was saved: its page is read once the save has answered. */
    saved(): void {
      if (deps.enabled) deps.poke();
    },

    /** A bookmark's address changed: its copy was of the old page, so it goes, and the new page is read. */
    async addressChanged(bookmarkId: string): Promise<void> {
      // The update that changed the address made its page one to read again (read_state null).
      await repo.remove(bookmarkId);
      if (deps.enabled) deps.poke();
    },

    /** The copy of one of the user's bookmarks; 404 for another user's and before there is one. */
    async get(userId: string, bookmarkId: string): Promise<Copy> {
      const row = await repo.find(userId, bookmarkId);
      if (!row) throw notFound(copyMessages.noCopy);
      return relayed(toCopy(row), deps.relayImage);
    },

    /**
     * The crawler's work: reads the page and keeps its article, 'read'; a page with none, or one
     * refused for good, keeps nothing, 'none'. Throws when another try may fare better (a timeout,
     * a site down).
     */
    async read(bookmarkId: string): Promise<'read' | 'none'> {
      const bookmark = await repo.linkOf(bookmarkId);
      if (!bookmark) return 'none'; // deleted since it was saved, or its owner keeps no copies
      let page;
      try {
        // Politeness: the site's robots.txt first, then its turn (one request at a time, a pause after).
        if (!(await deps.robots.allows(bookmark.link))) {
          log.info({ bookmarkId }, 'copy: robots.txt asks not to read this page');
          return 'none';
        }
        page = await deps.sites.take(new URL(bookmark.link).host, () =>
          fetchPage(bookmark.link, {
            ...(deps.limits ?? crawlLimits),
            accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          }),
        );
      } catch (e) {
        // Tried again (by the crawler) only when another try may fare better: a timeout, a site down.
        if (e instanceof FetchRefused && lasting.has(e.message)) {
          log.info({ bookmarkId, reason: e.message }, 'copy: page refused');
          return 'none';
        }
        throw e;
      }
      const type = String(page.headers['content-type'] ?? 'text/html');
      if (page.status >= 400 || !/html/i.test(type)) return 'none';
      let copy: ReadableCopy | null;
      try {
        copy = await deps.extract(decodeHtml(page.body, type), page.url);
      } catch (e) {
        if (!(e instanceof PageTooComplex)) throw e;
        log.info({ bookmarkId }, 'copy: page too complex to read');
        return 'none';
      }
      if (!copy) return 'none';
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
      return 'read';
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
