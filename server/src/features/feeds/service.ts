import type { z } from 'zod';
import {
  bookmarkMessages,
  fetchBudgetMessages,
  freeFeedItemLimit,
  hasPaidPlan,
  feedMessages,
  type BookmarkFeed,
  type FeedList,
  type FeedSource,
  type FeedSourcesAnswer,
  type FetchBudgetNote,
  type bookmarkFeedQuerySchema,
  type feedListQuerySchema,
} from '@linkhive/shared/domain';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { FetchBudget } from '../../http/fetch-budget.js';
import type { PermissionService } from '../permissions/service.js';
import { itemsOf, type FeedCache } from './feed-cache.js';
import type { ImageRelay } from './image-relay.js';
import { filterItems, mergeItems, pageOf } from './merge.js';
import type { BookmarkRepository, FeedSourceRow as SourceRow } from '../bookmarks/repository.js';
import type { FeedCacheRow } from './repository.js';

type ListQuery = z.output<typeof feedListQuerySchema>;
type FeedQuery = z.output<typeof bookmarkFeedQuerySchema>;
interface User {
  id: string;
  email: string;
}

/** Paid accounts load all sources at once, but no more than this many sites are asked at a time. */
export const parallelLoads = 16;

async function inPool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

const unique = (sources: SourceRow[]) => [...new Set(sources.map((s) => s.rss_feed))];

export function feedService(deps: {
  /** A user's sources are their bookmarks with an RSS address. */
  bookmarks: Pick<BookmarkRepository, 'feedSources' | 'feedSource' | 'exists'>;
  cache: FeedCache;
  permissions: PermissionService;
  images: ImageRelay;
  budget: FetchBudget;
}) {
  const { cache, images } = deps;
  const isPaid = async (user: User) => hasPaidPlan(await deps.permissions.permissionsOf(user));

  /** One request's draw on the account's fetch budget: once refused, it asks no more. */
  function allowance(user: User) {
    const a = {
      spent: false,
      mayFetch: async () => {
        if (!a.spent && !(await deps.budget.take(user.id))) a.spent = true;
        return !a.spent;
      },
      /** What the answer says when some sources were served from the cache for want of budget. */
      note: (): FetchBudgetNote => (a.spent ? { fetchBudgetSpent: true, notice: fetchBudgetMessages.feedsSpent } : {}),
    };
    return a;
  }
  type Allowance = ReturnType<typeof allowance>;

  function toSource(s: SourceRow, row: FeedCacheRow | undefined, skipped = false): FeedSource {
    const status = skipped ? 'skipped' : !row ? 'pending' : row.status === 'ok' ? 'loaded' : 'error';
    return {
      id: s.id,
      title: s.title,
      category: s.category,
      feedUrl: s.rss_feed,
      status,
      error: status === 'error' ? feedMessages.sourceFailed : null,
      errorDetail: status === 'error' ? (row?.error ?? feedMessages.fetchFailed) : null,
      updatedAt: row?.loaded_at ?? null,
      feedTitle: row?.title ?? null,
      image: row?.image ?? null,
      imageSrc: row?.image ? images.src(row.image) : null,
      itemCount: status === 'loaded' ? row!.item_count : 0,
    };
  }

  /**
   * Loads sources by the plan's rule: paid accounts all at once; free accounts one
   * by one, stopping once the sources loaded hold 50 items. The rest are skipped, not fetched.
   */
  async function loadSources(sources: SourceRow[], paid: boolean, force: boolean, budget: Allowance) {
    const stored = await cache.stored(unique(sources));
    const rows = new Map<string, FeedCacheRow>();
    const skipped = new Set<string>();
    const load = async (url: string) => {
      const row = await cache.ensure(url, stored.get(url), force, budget.mayFetch);
      if (row) rows.set(url, row);
      return row;
    };
    if (paid) {
      await inPool(unique(sources), parallelLoads, async (url) => void (await load(url)));
      return { stored, rows, skipped };
    }
    let count = 0;
    for (const s of sources) {
      if (rows.has(s.rss_feed)) continue;
      if (count >= freeFeedItemLimit) {
        skipped.add(s.id);
        continue;
      }
      const row = await load(s.rss_feed);
      if (row?.status === 'ok') count += row.item_count;
    }
    return { stored, rows, skipped };
  }

  /** Another user's bookmark is simply not found; one's own without an RSS address says so. */
  const missing = async (user: User, id: string) =>
    notFound((await deps.bookmarks.exists(user.id, id)) ? feedMessages.noFeedAddress : bookmarkMessages.notFound);

  /** A source's feed, a page at a time, oldest first as the dialog reads it. */
  async function feedOf(user: User, source: SourceRow, q: FeedQuery): Promise<BookmarkFeed & FetchBudgetNote> {
    const stored = await cache.stored([source.rss_feed]);
    const budget = allowance(user);
    const row = await cache.ensure(source.rss_feed, stored.get(source.rss_feed), q.refresh, budget.mayFetch);
    if (!row) throw new AppError(429, 'fetch_budget_spent', fetchBudgetMessages.feedsSpent);
    if (row.status !== 'ok') throw new AppError(502, 'feed_failed', row.error ?? feedMessages.fetchFailed);
    const items = mergeItems([{ source, feedUrl: source.rss_feed, items: itemsOf(row) }], images.src, {
      newestFirst: false,
    });
    return {
      source: toSource(source, row),
      items: pageOf(items, q.page, q.pageSize),
      total: items.length,
      page: q.page,
      pageSize: q.pageSize,
      ...budget.note(),
    };
  }

  return {
    /** The user's sources as the cache knows them; asks no site. */
    async sources(user: User): Promise<FeedSourcesAnswer> {
      const [sources, paid] = await Promise.all([deps.bookmarks.feedSources(user.id), isPaid(user)]);
      const stored = await cache.stored(unique(sources));
      return {
        sources: sources.map((s) => toSource(s, stored.get(s.rss_feed))),
        parallel: paid,
        itemLimit: paid ? null : freeFeedItemLimit,
      };
    },

    /**
     * Loads one source, so that a page can show progress source by source. A free account's source
     * after those that already hold 50 items is skipped here too: the server keeps the rule.
     */
    async loadSource(user: User, id: string, force: boolean): Promise<FeedSource & FetchBudgetNote> {
      const [sources, paid] = await Promise.all([deps.bookmarks.feedSources(user.id), isPaid(user)]);
      const at = sources.findIndex((s) => s.id === id);
      const source = sources[at];
      if (!source) throw await missing(user, id);
      // Only a free account's limit needs the sources before this one.
      const before = paid ? [] : sources.slice(0, at);
      const stored = await cache.stored([source.rss_feed, ...unique(before)]);
      if (!paid && !before.some((s) => s.rss_feed === source.rss_feed)) {
        const held = unique(before).reduce((n, url) => {
          const row = stored.get(url);
          return n + (row?.status === 'ok' ? row.item_count : 0);
        }, 0);
        if (held >= freeFeedItemLimit) return toSource(source, stored.get(source.rss_feed), true);
      }
      const budget = allowance(user);
      const row = await cache.ensure(source.rss_feed, stored.get(source.rss_feed), force, budget.mayFetch);
      return { ...toSource(source, row), ...budget.note() };
    },

    /** Refresh All: every source the plan allows is asked again, conditionally. */
    async refresh(user: User): Promise<FeedSourcesAnswer & FetchBudgetNote> {
      const [sources, paid] = await Promise.all([deps.bookmarks.feedSources(user.id), isPaid(user)]);
      const budget = allowance(user);
      const { rows, skipped } = await loadSources(sources, paid, true, budget);
      return {
        sources: sources.map((s) => toSource(s, rows.get(s.rss_feed), skipped.has(s.id))),
        parallel: paid,
        itemLimit: paid ? null : freeFeedItemLimit,
        ...budget.note(),
      };
    },

    /** The merged list: free accounts see the newest 50 items of the sources they loaded. */
    async list(user: User, q: ListQuery): Promise<FeedList & FetchBudgetNote> {
      const [sources, paid] = await Promise.all([deps.bookmarks.feedSources(user.id), isPaid(user)]);
      const budget = allowance(user);
      const { stored, rows, skipped } = await loadSources(sources, paid, q.refresh, budget);
      const loadedUrls = new Set<string>();
      const loaded = sources.filter((s) => {
        const ok = !skipped.has(s.id) && rows.get(s.rss_feed)?.status === 'ok' && !loadedUrls.has(s.rss_feed);
        if (ok) loadedUrls.add(s.rss_feed);
        return ok;
      });
      const merged = mergeItems(
        loaded.map((s) => ({ source: s, feedUrl: s.rss_feed, items: itemsOf(rows.get(s.rss_feed)!) })),
        images.src,
      );
      let shown = merged;
      let availableTotal = merged.length;
      if (!paid) {
        // N of 'Showing 50 of N': the distinct items of the sources loaded, plus what the cache
        // remembers of the sources skipped (never fetched for this answer). A lower bound.
        for (const url of unique(sources.filter((s) => skipped.has(s.id))))
          if (!rows.has(url) && stored.get(url)?.status === 'ok') availableTotal += stored.get(url)!.item_count;
        shown = merged.slice(0, freeFeedItemLimit);
      }
      const byId = new Map(sources.map((s) => [s.id, s]));
      const filtered = filterItems(shown, q, (id) => byId.get(id)?.category);
      const times = [...rows.values()].map((r) => r.loaded_at).filter((t): t is string => !!t);
      return {
        items: pageOf(filtered, q.page, q.pageSize),
        total: filtered.length,
        page: q.page,
        pageSize: q.pageSize,
        sources: sources.map((s) => toSource(s, rows.get(s.rss_feed), skipped.has(s.id))),
        limited: !paid && availableTotal > shown.length,
        availableTotal,
        lastUpdated: times.length ? times.reduce((a, b) => (a > b ? a : b)) : null,
        ...budget.note(),
      };
    },

    /** One bookmark's feed for the dialog: paid plans only, checked before anything is looked up. */
    async bookmarkFeed(user: User, id: string, q: FeedQuery): Promise<BookmarkFeed & FetchBudgetNote> {
      if (!(await isPaid(user))) throw forbidden(feedMessages.paidOnly);
      const source = await deps.bookmarks.feedSource(user.id, id);
      if (!source) throw await missing(user, id);
      return feedOf(user, source, q);
    },

    /**
     * A workspace link's feed for the same dialog, on the reader's own plan and fetch budget.
     * `source` checks the reader's membership, and is asked only once the plan allows the dialog.
     */
    async linkFeed(
      user: User,
      source: () => Promise<SourceRow>,
      q: FeedQuery,
    ): Promise<BookmarkFeed & FetchBudgetNote> {
      if (!(await isPaid(user))) throw forbidden(feedMessages.paidOnly);
      return feedOf(user, await source(), q);
    },

    /** A feed image through the relay; null when the signature or the image is not good. */
    async image(url: string, expires: number, sig: string) {
      return images.verify(url, expires, sig) ? images.fetch(url) : null;
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;
