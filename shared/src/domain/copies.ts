import { z } from 'zod';
import { bookmarkMessages } from './bookmarks.js';
import { limits } from './constants.js';

/** Readable copies of saved pages (issue 30). These texts are this product's own. */
export const copyMessages = {
  noCopy: 'There is no readable copy of this page yet.',
  /** Said under the message above: the crawler reads a page shortly after it is saved. */
  noCopyHint:
    'Linkhive reads a page shortly after it is saved. A page that needs a sign-in gets its copy when you save it with the browser extension; a page with no article keeps none.',
  /** GET /api/bookmarks/:id/copy (404 `read_later`): the page's site failed when it was read; the crawler tries again. */
  siteFailed:
    'The page’s site did not answer when Linkhive read it. Linkhive tries again later (in an hour, then six hours, then a day), and the copy appears here once it is read.',
  loading: 'Loading the readable copy',
  openOriginal: 'Open the original page',
  readerView: 'Reader view',
  /** Reading time at 230 words a minute, at least one minute. */
  minutes: (words: number) => `${Math.max(1, Math.round(words / 230))} min read`,
  savedOn: (date: string) => `Copy of ${date}`,
  /** PUT /api/bookmarks/:id/copy: the page sent is at another address than the bookmark's (409). */
  notThisPage: 'This page is not the one this bookmark keeps: its address is another, so no copy was kept.',
  /** PUT /api/bookmarks/:id/copy: the page's HTML is over `sentPageLimits.maxBytes` (413). */
  pageTooLarge: 'This page is larger than 3 MB, so no copy of it was kept.',
} as const;

export { readerMarkup } from './reader-markup.js';

/**
 * A page sent by the user's browser (the extension, after a save): the HTML of the page as it shows
 * it, up to the size the crawler reads of a page, 3 MB. The server reads its article as it reads a
 * page it fetched, cleans it, and keeps it as the bookmark's copy.
 */
export const sentPageLimits = { maxBytes: 3 * 1024 * 1024 } as const;

/** PUT /api/bookmarks/:id/copy: the page's address (the bookmark's own) and its document's HTML. */
export const sentPageSchema = z.object({
  url: z.string().trim().min(1).max(limits.addressMax, bookmarkMessages.addressTooLong),
  /** `document.documentElement.outerHTML`; at most `sentPageLimits.maxBytes` bytes of UTF-8 (413). */
  html: z.string().min(1),
});
export type SentPage = z.input<typeof sentPageSchema>;

/**
 * What became of a sent page: `stored` false when nothing was kept, because the account keeps no
 * readable copies ('Keep readable copies' off) or the page has no article to read.
 */
export const sentPageAnswerSchema = z.object({ stored: z.boolean() });
export type SentPageAnswer = z.infer<typeof sentPageAnswerSchema>;

/**
 * A bookmark's readable copy: the article its page held when the crawler read it, cleaned down to
 * reading markup with absolute addresses (no scripts, styles or embedded documents), as the Reader
 * view shows it.
 */
export const copySchema = z.object({
  title: z.string().nullable(),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  excerpt: z.string().nullable(),
  lang: z.string().nullable(),
  wordCount: z.number().int().nonnegative(),
  /** The page's own picture for sharing, an absolute http(s) address, or null. */
  leadImage: z.string().nullable(),
  html: z.string(),
  /** When the page was read (ISO 8601). */
  fetchedAt: z.string(),
});
export type Copy = z.infer<typeof copySchema>;
