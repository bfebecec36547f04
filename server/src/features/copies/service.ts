import type { Copy, SentPage } from '@linkhive/shared/domain';
import { bookmarkMessages, copyMessages, domainOf, normaliseLink, sentPageLimits } from '@linkhive/shared/domain';
import { PageTooComplex } from '../../content/readable-pool.js';
import type { ReadableCopy } from '../../content/readable.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { FetchRefused, lastingRefusals } from '../../integrations/page-fetch/address-guard.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { decodeHtml } from '../../integrations/page-fetch/page-meta.js';
import type { Logger } from '../../logger.js';
import type { RobotsRules, SiteTurns } from './politeness.js';
import type { CopyFields, CopyRepository, CopyRow } from './repository.js';

/**
 * What the crawler reads of a page: a long article fits; a larger page is refused, not cut. The
 * same 3 MB as a page the user's browser sends (`sentPageLimits`).
 */
export const crawlLimits = { maxBytes: sentPageLimits.maxBytes, timeoutMs: 15_000 };

/**
 * Readable copies: after a save or an import has answered, the crawler (crawler.ts) reads the
 * bookmark's page through the guarded fetcher and keeps its article (content/readable.ts). A save
 * writes nothing for it: a bookmark whose page is still to be read says so itself (`read_state`),
 * and the crawler takes such pages in turns by account. Workspace group links are read the same way
 * (`readGroupLink`), each group taking turns beside the accounts.
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

  /**
   * Reads the page at `link` and extracts its article: the copy's columns, or null when it has none
   * or was refused for good. Throws when another try may fare better (a timeout, a site down).
   * `about` names the link in the log.
   */
  async function readPage(link: string, about: Record<string, string>): Promise<CopyFields | null> {
    let page;
    try {
      // Politeness: the site's robots.txt first, then its turn (one request at a time, a pause after).
      if (!(await deps.robots.allows(link))) {
        log.info(about, 'copy: robots.txt asks not to read this page');
        return null;
      }
      page = await deps.sites.take(domainOf(link), () =>
        fetchPage(link, {
          ...(deps.limits ?? crawlLimits),
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        }),
      );
    } catch (e) {
      // Tried again (by the crawler) only when another try may fare better: a timeout, a site down.
      if (e instanceof FetchRefused && lastingRefusals.has(e.message)) {
        log.info({ ...about, reason: e.message }, 'copy: page refused');
        return null;
      }
      throw e;
    }
    // A site failing now (5xx, or too many requests) may answer later: the crawler tries again.
    if (page.status >= 500 || page.status === 429) throw new Error(`the page answered ${page.status}`);
    const type = String(page.headers['content-type'] ?? 'text/html');
    if (page.status >= 400 || !/html/i.test(type)) return null;
    let copy: ReadableCopy | null;
    try {
      copy = await deps.extract(decodeHtml(page.body, type), page.url);
    } catch (e) {
      if (!(e instanceof PageTooComplex)) throw e;
      log.info(about, 'copy: page too complex to read');
      return null;
    }
    return copy && copyFields(copy);
  }

  return {
    /** A bookmark was saved (or a group link added, or moved): its page is read once the save has answered. */
    saved(): void {
      if (deps.enabled) deps.poke();
    },

    /** A bookmark's address changed: its copy was of the old page, so it goes, and the new page is read. */
    async addressChanged(bookmarkId: string): Promise<void> {
      // The update that changed the address made its page one to read again (read_state null).
      await repo.remove(bookmarkId);
      if (deps.enabled) deps.poke();
    },

    /**
     * The copy of one of the user's bookmarks; 404 for another user's and before there is one
     * (`read_later` while its page waits after its site failed).
     */
    async get(userId: string, bookmarkId: string): Promise<Copy> {
      const row = await repo.find(userId, bookmarkId);
      if (!row) {
        // Its site failed when it was read: the user is told it is tried again, not only "not yet".
        if ((await repo.readStateOf(userId, bookmarkId)) === 'later')
          throw new AppError(404, 'read_later', copyMessages.siteFailed);
        throw notFound(copyMessages.noCopy);
      }
      return relayed(toCopy(row), deps.relayImage);
    },

    /**
     * The crawler's work: reads the bookmark's page and keeps its article, 'read'; a page with none,
     * or one refused for good, keeps nothing, 'none'. Throws when another try may fare better (a
     * timeout, a site down).
     */
    async read(bookmarkId: string): Promise<'read' | 'none'> {
      const bookmark = await repo.linkOf(bookmarkId);
      if (!bookmark) return 'none'; // deleted since it was saved, or its owner keeps no copies
      const copy = await readPage(bookmark.link, { bookmarkId });
      if (!copy) return 'none';
      await repo.save({ bookmark_id: bookmarkId, ...copy }, bookmark.link);
      return 'read';
    },

    /**
     * A page the user's browser sent for their bookmark (the extension, after a save): the page as
     * they see it, signed in, which the crawler may never reach. Read by the same extraction as a
     * fetched page, off this thread, cleaned, kept as the copy, and the page marked read so the
     * crawler leaves it. Refused, with nothing changed: over 3 MB (413), another user's bookmark or
     * none (404), another address than the bookmark's (409: a copy of one page is never kept for
     * another). Nothing is kept, and `stored` is false, when the account keeps no readable copies or
     * the page has no article. Works with CRAWL off: nothing is fetched.
     */
    async keepSent(userId: string, bookmarkId: string, page: SentPage): Promise<{ stored: boolean }> {
      if (Buffer.byteLength(page.html, 'utf8') > sentPageLimits.maxBytes)
        throw new AppError(413, 'too_large', copyMessages.pageTooLarge, 'html');
      const bookmark = await repo.sentCopyTarget(userId, bookmarkId);
      if (!bookmark) throw notFound(bookmarkMessages.notFound);
      // The saved address's key, not the stored one: a page saved twice before the duplicate rule
      // compared keys as it does now keeps its earlier key until it is merged (migrations/20261129T1400).
      if (linkKey(page.url) !== linkKey(bookmark.link)) throw conflict(copyMessages.notThisPage, 'url', 'wrong_page');
      if (bookmark.keep_copies !== null && Number(bookmark.keep_copies) === 0) return { stored: false };
      let copy: ReadableCopy | null;
      try {
        copy = await deps.extract(page.html, new URL(page.url).href);
      } catch (e) {
        if (!(e instanceof PageTooComplex)) throw e;
        log.info({ bookmarkId }, 'copy: sent page too complex to read');
        return { stored: false };
      }
      if (!copy) return { stored: false };
      return { stored: await repo.keepSent(userId, bookmarkId, bookmark.link, copyFields(copy)) };
    },

    /** The same for a workspace group's link: its copy is searched with the group's links. */
    async readGroupLink(linkId: string): Promise<'read' | 'none'> {
      const link = await repo.groupLinkOf(linkId);
      if (!link) return 'none'; // deleted since it was added, or its group deleted
      const copy = await readPage(link.link, { groupLinkId: linkId });
      if (!copy) return 'none';
      await repo.saveGroupLink(linkId, copy, link.link);
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

/** A copy's columns, as read now. */
function copyFields(copy: ReadableCopy): CopyFields {
  return {
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
  };
}

/** An address as the duplicate check compares it, or null when it is none. */
function linkKey(url: string): string | null {
  try {
    return normaliseLink(url);
  } catch {
    return null;
  }
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
