import { createHash } from 'node:crypto';
import type { FeedItem } from '@linkhive/shared/domain';
import type { ParsedItem } from '../../integrations/feeds/parse.js';
import type { FeedSourceRow as SourceRow } from '../bookmarks/repository.js';

export interface SourceItems {
  source: SourceRow;
  feedUrl: string;
  items: ParsedItem[];
}

export interface ItemFilters {
  q?: string;
  category?: string;
  source?: string;
}

const itemId = (feedUrl: string, item: ParsedItem) =>
  createHash('sha1')
    .update(`${feedUrl}\n${item.guid ?? item.link ?? `${item.title}\n${item.pubDate}`}`)
    .digest('base64url')
    .slice(0, 16);

const time = (item: FeedItem) => (item.pubDate ? Date.parse(item.pubDate) : Number.NEGATIVE_INFINITY);

/**
 * All items of the given sources, newest first (undated ones last, in feed order), each item once:
 * a second item with a guid or a link already seen is dropped, so a feed that two bookmarks share,
 * or a story that two feeds carry, shows once. The newest copy wins. `newestFirst: false` keeps the
 * feeds' own order, as one feed's dialog shows it.
 */
export function mergeItems(
  sources: SourceItems[],
  imageSrc: (url: string) => string,
  { newestFirst = true } = {},
): FeedItem[] {
  const all: { guid: string | null; item: FeedItem }[] = [];
  for (const { source, feedUrl, items } of sources) {
    for (const item of items) {
      all.push({
        guid: item.guid,
        item: {
          id: itemId(feedUrl, item),
          title: item.title,
          link: item.link,
          pubDate: item.pubDate,
          contentSnippet: item.snippet,
          image: item.image,
          imageSrc: item.image ? imageSrc(item.image) : null,
          enclosure: item.enclosure,
          feedUrl,
          sourceId: source.id,
          sourceTitle: source.title,
        },
      });
    }
  }
  // Array.prototype.sort is stable: equal dates keep source order, then feed order.
  if (newestFirst) all.sort((a, b) => Math.sign(time(b.item) - time(a.item)) || 0);
  const seenGuids = new Set<string>();
  const seenLinks = new Set<string>();
  const merged: FeedItem[] = [];
  for (const { guid, item } of all) {
    if ((guid && seenGuids.has(guid)) || (item.link && seenLinks.has(item.link))) continue;
    if (guid) seenGuids.add(guid);
    if (item.link) seenLinks.add(item.link);
    merged.push(item);
  }
  return merged;
}

/** Search text (case-insensitive, in the title or the snippet), a category and a source. */
export function filterItems(items: FeedItem[], f: ItemFilters, categoryOf: (sourceId: string) => string | undefined) {
  const needle = f.q?.toLocaleLowerCase();
  return items.filter(
    (item) =>
      (!f.source || item.sourceId === f.source) &&
      (!f.category || categoryOf(item.sourceId) === f.category) &&
      (!needle ||
        item.title.toLocaleLowerCase().includes(needle) ||
        item.contentSnippet.toLocaleLowerCase().includes(needle)),
  );
}

export function pageOf<T>(items: T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}
