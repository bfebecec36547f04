import { Parser } from 'htmlparser2';
import { autoTitle, capitaliseFirst, domainOfUrl, limits, linkKeyOf } from '@linkhive/shared/domain';

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
  duplicatesInFile: number;
}

interface Anchor {
  href: string;
  addDate?: string;
  tags?: string;
  feedUrl?: string;
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

const webAddress = (value: string | undefined) => webUrl(value)?.toString() ?? null;

/** The marker every Netscape bookmark file starts with (after an optional byte-order mark). */
export function hasNetscapeMarker(head: string): boolean {
  return /^\s*<!DOCTYPE\s+NETSCAPE-Bookmark-file-1\s*>/i.test(head.replace(/^\uFEFF/, ''));
}

/** A folder name as a category: letters, digits and spaces, at most 25, first letter capitalised. */
export function categoryFromFolder(name: string | null | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, limits.customCategoryMax)
    .trim();
  return cleaned ? capitaliseFirst(cleaned) : uncategorized;
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
 * one per address, the nearest folder as category, titles cut to 50.
 */
export function createLinkCollector(now: Date) {
  const seen = new Set<string>();
  const result: ParseResult = { items: [], folders: 0, skippedNotWeb: 0, duplicatesInFile: 0 };
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
        title: autoTitle(text, link),
        link,
        linkKey,
        domain: domainOfUrl(url),
        category: categoryFromFolder(folder),
        createdAt: addDate(date, now),
        favourite: extra.favourite ?? false,
        rssFeed: extra.rssFeed ?? null,
      });
      return true;
    },
  };
}

/**
 * A streaming reader of the Netscape bookmark format: feed it text in chunks as the upload
 * arrives. Folders are <H3> followed by a <DL>; unclosed <DT> and <p> tags are normal here.
 */
export function createNetscapeParser(now = new Date()) {
  const folderStack: (string | null)[] = [];
  let pendingFolder: string | null = null;
  let inH3 = false;
  let h3Text = '';
  let anchor: Anchor | null = null;
  let anchorText = '';
  const links = createLinkCollector(now);
  const result = links.result;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'h3') {
          inH3 = true;
          h3Text = '';
        } else if (name === 'dl') {
          folderStack.push(pendingFolder);
          pendingFolder = null;
        } else if (name === 'a') {
          anchor = {
            href: (attrs.href ?? '').trim(),
            addDate: attrs.add_date,
            tags: attrs.tags,
            feedUrl: attrs.feedurl,
          };
          anchorText = '';
        }
      },
      ontext(text) {
        if (inH3) h3Text += text;
        else if (anchor) anchorText += text;
      },
      onclosetag(name) {
        if (name === 'h3' && inH3) {
          inH3 = false;
          pendingFolder = h3Text.replace(/\s+/g, ' ').trim();
          result.folders++;
        } else if (name === 'dl') {
          folderStack.pop();
        } else if (name === 'a' && anchor) {
          take(anchor, anchorText);
          anchor = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  function take(a: Anchor, text: string) {
    const folder = folderStack.length > 1 ? folderStack[folderStack.length - 1] : null;
    links.add(a.href, text, folder, a.addDate, {
      favourite: (a.tags ?? '').split(',').some((t) => t.trim().toLowerCase() === 'favourite'),
      rssFeed: webAddress(a.feedUrl),
    });
  }

  // Exports put a stray <p> after every <DL>; HTML keeps each one open, so the parser's element
  // stack would grow by one per folder and every later tag would pay for it. They carry nothing,
  // so they are dropped before parsing; a tag cut in two by a chunk boundary waits for the next chunk.
  let carry = '';
  return {
    write(chunk: string) {
      const text = carry + chunk;
      const cut = text.search(/<(?:p\s*)?$/i);
      carry = cut === -1 ? '' : text.slice(cut);
      parser.write((cut === -1 ? text : text.slice(0, cut)).replace(strayParagraph, ''));
    },
    end(): ParseResult {
      parser.write(carry.replace(strayParagraph, ''));
      parser.end();
      return result;
    },
  };
}

const strayParagraph = /<p\s*>/gi;

export function parseNetscape(text: string, now = new Date()): ParseResult {
  const p = createNetscapeParser(now);
  p.write(text.replace(/^\uFEFF/, ''));
  return p.end();
}
