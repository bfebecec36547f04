import { limits } from '@linkhive/shared/domain/constants';
import { linkKeyOf } from '@linkhive/shared/domain/link-key';
import { domainOfUrl, importedTitle } from '@linkhive/shared/domain/link-titles';

export const uncategorized = 'Uncategorized';

export interface ImportItem {
  title: string;
  link: string;
  linkKey: string;
  domain: string;
  category: string;
  createdAt: string;
  /** From our own exports: TAGS holding 'favourite', and FEEDURL. */
  favourite: boolean;
  rssFeed: string | null;
}

export interface ParseResult {
  items: ImportItem[];
  folders: number;
  /** Anchors whose address is not http(s): javascript:, place:, data:, relative notes. */
  skippedNotWeb: number;
  /** Addresses longer than a bookmark may hold (limits.addressMax). */
  skippedTooLong: number;
  duplicatesInFile: number;
}

function webUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname ? u : null;
  } catch {
    return null;
  }
}

export const webAddress = (value: string | undefined) => webUrl(value)?.toString() ?? null;

/**
 * A folder name as the category, as the file had it (the spec: 'the category defaults to the folder
 * name'): its spaces folded as a browser shows them, cut only past limits.importedCategoryMax, so an
 * export gives the folders back (issue 26). A name with no letter or digit at all is no name.
 */
export function categoryFromFolder(name: string | null | undefined): string {
  const folded = (name ?? '').replace(/\s+/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(folded)) return uncategorized;
  return [...folded].slice(0, limits.importedCategoryMax).join('').trim();
}

/** ADD_DATE in seconds, milliseconds or microseconds; anything unreadable is now. */
export function addDate(value: string | undefined, now: Date): string {
  const n = Number(value);
  if (!value || !Number.isFinite(n) || n <= 0) return now.toISOString();
  const ms = n > 1e14 ? n / 1000 : n > 1e11 ? n : n * 1000;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) || d.getFullYear() > 9999 ? now.toISOString() : d.toISOString();
}

/**
 * Gathers links by the import rules, whatever they were read from: http(s) only (the rest counted),
 * one per address, the nearest folder as category, titles kept as the file had them (importedTitle).
 */
export function createLinkCollector(now: Date) {
  const seen = new Set<string>();
  const result: ParseResult = { items: [], folders: 0, skippedNotWeb: 0, skippedTooLong: 0, duplicatesInFile: 0 };
  return {
    result,
    add(
      href: string,
      text: string,
      folder: string | null | undefined,
      date: string | undefined,
      extra: { favourite?: boolean; rssFeed?: string | null } = {},
    ): boolean {
      const link = href.trim();
      if (link.length > limits.addressMax) {
        result.skippedTooLong++;
        return false;
      }
      const url = webUrl(link);
      if (!url) {
        result.skippedNotWeb++;
        return false;
      }
      const linkKey = linkKeyOf(url);
      if (seen.has(linkKey)) {
        result.duplicatesInFile++;
        return false;
      }
      seen.add(linkKey);
      result.items.push({
        title: importedTitle(text, link),
        link,
        linkKey,
        domain: domainOfUrl(url),
        category: categoryFromFolder(folder),
        createdAt: addDate(date, now),
        favourite: extra.favourite ?? false,
        // A feed address too long to keep is dropped; the link itself is still worth having.
        rssFeed: extra.rssFeed && extra.rssFeed.length <= limits.addressMax ? extra.rssFeed : null,
      });
      return true;
    },
  };
}
