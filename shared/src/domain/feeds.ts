import { z } from 'zod';
import { cutDescription } from './site.js';

// Word for word as users have always read them (the dialog's error, the 'RSS Feed Error' notice): do not reword.
export const feedMessages = {
  dialogError: 'Unable to load RSS feed. Please try again later.',
  noticeTitle: 'RSS Feed Error',
  noticeText: 'Unable to load RSS feed for this website.',
  noFeeds: "You don't have any bookmarks with RSS feeds. Add bookmarks with RSS feeds to see them here.",
  someFailed: 'Error loading some RSS feeds. Please try again later.',
  noMatch: 'No RSS feed items match your current filters.',
  loadErrorTitle: 'Load Error',
  loadError: 'Failed to load RSS feeds.',
  refreshFailedTitle: 'Refresh Failed',
  refreshFailed: 'Failed to refresh RSS feeds.',
  sourceFailed: 'Failed to load RSS feed.',
  fetchFailed: 'Failed to fetch RSS feed.',
  freeLimit: (total: number) => `Free account limit reached: Showing ${freeFeedItemLimit} of ${total} RSS feed items.`,
  // Newer texts of this product's own: these may be reworded.
  paidOnly: 'Reading the RSS feed of a single bookmark is part of the paid plans. Upgrade to see it.',
  noFeedAddress: 'This bookmark has no RSS feed address.',
  notAFeed: 'This address is not a valid RSS or Atom feed.',
  allSources: 'All Sources',
} as const;

/** Items a page (merged list and dialogs); the free plan reads at most 50 items in all; snippets are cut to 150. */
export const feedPageSize = 25;
export const freeFeedItemLimit = 50;
export const feedSnippetMax = 150;
/** The feed image in the dialog is shown at most this large. */
export const feedImageMax = { width: 200, height: 100 } as const;

/** An item's text without markup, cut to the spec's 150 characters. */
export const cutSnippet = (text: string) => cutDescription(text, feedSnippetMax);

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(feedPageSize),
  /** Asks every source again (conditionally) instead of answering from the cache. */
  refresh: flag,
};

export const feedListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  /** A source is a bookmark with an RSS address: its id. */
  source: z.string().trim().max(100).optional(),
  ...pageFields,
});

export const bookmarkFeedQuerySchema = z.object(pageFields);

export const loadSourceSchema = z.object({ refresh: z.boolean().default(false) });

export interface FeedListQuery {
  q?: string;
  category?: string;
  source?: string;
  page?: number;
  pageSize?: number;
  refresh?: boolean;
}

/** GET /api/feeds/image: an image address the server signed (features/feeds/image-relay.ts). */
export const feedImageQuerySchema = z.object({
  url: z.string().min(1).max(4000),
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(100),
});

/** FetchBudgetNote's fields, for the answers that may carry it. */
export const fetchBudgetNoteFields = {
  fetchBudgetSpent: z.literal(true).optional(),
  notice: z.string().optional(),
};

export const feedItemSchema = z.object({
  /** Stable for one item of one feed; for list keys. */
  id: z.string(),
  title: z.string(),
  /** http(s) only; items without a usable address have none. */
  link: z.string().nullable(),
  /** ISO 8601, or null when the feed gives no date. */
  pubDate: z.string().nullable(),
  /** Plain text, at most 150 characters. The feed's HTML is not passed on. */
  contentSnippet: z.string(),
  /** The image's own address, from the enclosure, media:thumbnail, media:content or the content. */
  image: z.string().nullable(),
  /** Where a client shows that image from: the server's image relay, relative to the API. */
  imageSrc: z.string().nullable(),
  enclosure: z.object({ url: z.string(), type: z.string().nullable() }).nullable(),
  feedUrl: z.string(),
  sourceId: z.string(),
  sourceTitle: z.string(),
});
export type FeedItem = z.output<typeof feedItemSchema>;

export const feedSourceStatuses = ['pending', 'loaded', 'error', 'skipped'] as const;
export type FeedSourceStatus = (typeof feedSourceStatuses)[number];

export const feedSourceSchema = z.object({
  /** The bookmark's id. */
  id: z.string(),
  title: z.string(),
  category: z.string(),
  feedUrl: z.string(),
  /** pending: not asked yet (or too long ago); skipped: a free account stopped before it. */
  status: z.enum(feedSourceStatuses),
  /** 'Failed to load RSS feed.' when the source failed. */
  error: z.string().nullable(),
  /** Why it failed: the fetch failure text, a time-out, or an invalid feed. */
  errorDetail: z.string().nullable(),
  /** The last time the feed answered (with items or 'not modified'). */
  updatedAt: z.string().nullable(),
  feedTitle: z.string().nullable(),
  image: z.string().nullable(),
  imageSrc: z.string().nullable(),
  itemCount: z.number().int().nonnegative(),
});
export type FeedSource = z.output<typeof feedSourceSchema>;

export const feedSourcesAnswerSchema = z.object({
  sources: z.array(feedSourceSchema),
  /** Paid accounts load all sources in parallel; free ones one by one until 50 items. */
  parallel: z.boolean(),
  /** The free plan's item limit, or null on paid plans. */
  itemLimit: z.number().int().positive().nullable(),
});
export type FeedSourcesAnswer = z.output<typeof feedSourcesAnswerSchema>;

const pageCounts = {
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
};

/** `fetchBudgetSpent` and `notice` when the account's outside-fetch budget is spent and the cache answered. */
export const feedListSchema = z.object({
  items: z.array(feedItemSchema),
  ...pageCounts,
  sources: z.array(feedSourceSchema),
  /** True when a free account sees fewer items than its sources hold. */
  limited: z.boolean(),
  /** N of 'Showing 50 of N': see docs/API.md for how it is counted. */
  availableTotal: z.number().int().nonnegative(),
  lastUpdated: z.string().nullable(),
  ...fetchBudgetNoteFields,
});
export type FeedList = z.output<typeof feedListSchema>;

export const bookmarkFeedSchema = z.object({
  source: feedSourceSchema,
  items: z.array(feedItemSchema),
  ...pageCounts,
});
export type BookmarkFeed = z.output<typeof bookmarkFeedSchema>;

const minuteMs = 60_000;

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'} ago`;

/**
 * 'Just now' (a minute or less), 'N minutes ago', 'N hours ago' on the same day, else a short date
 * and time. A time in the future (a clock ahead) counts as just now.
 */
export function lastUpdatedText(then: Date | string, now: Date = new Date(), locale?: string): string {
  const at = new Date(then);
  const diff = now.getTime() - at.getTime();
  if (diff <= minuteMs) return 'Just now';
  if (diff < 60 * minuteMs) return plural(Math.floor(diff / minuteMs), 'minute');
  if (sameDay(at, now)) return plural(Math.floor(diff / (60 * minuteMs)), 'hour');
  return at.toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
}

/** An item's date: 'Today at 10:30', 'Yesterday at 18:05', or the full date. */
export function itemDateText(then: Date | string, now: Date = new Date(), locale?: string): string {
  const at = new Date(then);
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (sameDay(at, now)) return `Today at ${time}`;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(at, yesterday)) return `Yesterday at ${time}`;
  return at.toLocaleDateString(locale, { dateStyle: 'full' });
}
