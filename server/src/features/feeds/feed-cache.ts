import { feedMessages } from '@linkhive/shared/domain';
import type { ParsedItem } from '../../integrations/feeds/parse.js';
import { FeedFailed, type FeedReader } from '../../integrations/feeds/reader.js';
import type { FeedCacheRow, FeedRepository } from './repository.js';

/** A feed asked less than this long ago is answered from the cache unless a refresh is asked for. */
export const feedFreshMs = 15 * 60_000;

export function itemsOf(row: FeedCacheRow): ParsedItem[] {
  try {
    const items = JSON.parse(row.items);
    return Array.isArray(items) ? items : [];
  } catch {
    return [];
  }
}

const blank = (url: string, now: string): FeedCacheRow => ({
  url,
  status: 'error',
  error: null,
  etag: null,
  last_modified: null,
  title: null,
  image: null,
  items: '[]',
  item_count: 0,
  checked_at: now,
  loaded_at: null,
  parsed_at: null,
});

/**
 * Each feed address's last answer, kept in the database so that every server process shares it.
 * A stale or forced load asks the site conditionally; a 304 keeps the stored items as they are.
 */
export function feedCache(
  repo: FeedRepository,
  read: FeedReader,
  opts: { freshMs?: number; log?: { warn(obj: object, msg?: string): void } } = {},
) {
  const freshMs = opts.freshMs ?? feedFreshMs;
  // Only joins loads of one address that overlap in this process; nothing here outlives a request.
  const inflight = new Map<string, Promise<FeedCacheRow>>();

  async function fetchInto(url: string, current: FeedCacheRow | undefined): Promise<FeedCacheRow> {
    const now = new Date().toISOString();
    const base = current ?? blank(url, now);
    // Validators only count while the items they describe are still stored.
    const known = current?.loaded_at ? { etag: current.etag, lastModified: current.last_modified } : null;
    let row: FeedCacheRow;
    let failed = false;
    try {
      const answer = await read(url, known);
      row = { ...base, status: 'ok', error: null, checked_at: now, loaded_at: now };
      row.etag = answer.etag;
      row.last_modified = answer.lastModified;
      if (answer.kind === 'parsed') {
        const { feed } = answer;
        Object.assign(row, {
          title: feed.title,
          image: feed.image,
          items: JSON.stringify(feed.items),
          item_count: feed.items.length,
          parsed_at: now,
        });
      }
    } catch (e) {
      // Anything unexpected from a stranger's feed is that source's failure, not the whole page's.
      if (!(e instanceof FeedFailed)) opts.log?.warn({ err: e, url }, 'feed read failed unexpectedly');
      const detail = e instanceof FeedFailed ? e.detail : feedMessages.fetchFailed;
      row = { ...base, status: 'error', error: detail, checked_at: now };
      failed = true;
    }
    await (failed ? repo.saveFailure(row) : repo.save(row));
    return row;
  }

  return {
    /** The stored rows of these addresses, by address; asks no site. */
    async stored(urls: string[]): Promise<Map<string, FeedCacheRow>> {
      const rows = await repo.cached([...new Set(urls)]);
      return new Map(rows.map((r) => [r.url, r]));
    },

    /**
     * The feed's row, fetched first when it is missing, stale or `force` is set and `mayFetch` (the
     * account's fetch budget) allows it; otherwise the stored row as it is, or undefined for none.
     */
    async ensure(
      url: string,
      current: FeedCacheRow | undefined,
      force = false,
      mayFetch: () => Promise<boolean> = async () => true,
    ): Promise<FeedCacheRow | undefined> {
      const fresh = current && Date.now() - Date.parse(current.checked_at) < freshMs;
      if (current && fresh && !force) return current;
      // Joining a load under way makes no fetch of its own, so it costs no budget.
      if (!inflight.has(url) && !(await mayFetch())) return current;
      const running = inflight.get(url);
      if (running) return running;
      const job = fetchInto(url, current).finally(() => inflight.delete(url));
      inflight.set(url, job);
      return job;
    },
  };
}

export type FeedCache = ReturnType<typeof feedCache>;
