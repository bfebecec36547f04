import type Parser from 'rss-parser';
import { cutSnippet } from '@linkhive/shared/domain';
import { readHtml } from './html-text.js';

/** One item as the cache keeps it: plain text and http(s) addresses only. */
export interface ParsedItem {
  guid: string | null;
  title: string;
  link: string | null;
  pubDate: string | null;
  snippet: string;
  image: string | null;
  enclosure: { url: string; type: string | null } | null;
}

export interface ParsedFeed {
  title: string | null;
  image: string | null;
  items: ParsedItem[];
}

export class FeedInvalid extends Error {
  constructor(cause: unknown) {
    super('not a valid RSS or Atom feed', { cause });
    this.name = 'FeedInvalid';
  }
}

/** More than a reader pages through; a feed that lists thousands is cut here. */
export const maxItemsPerFeed = 200;

type Raw = Record<string, any>;

// Loaded with the first feed read: a process that reads none does without its few MB.
let parser: Promise<Parser<Raw, Raw>> | undefined;
const parserOf = () =>
  (parser ??= import('rss-parser').then(
    ({ default: RssParser }) =>
      new RssParser<Raw, Raw>({
        customFields: {
          feed: ['logo', 'icon'],
          item: [
            ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
            ['media:content', 'mediaContent', { keepArray: true }],
            ['media:group', 'mediaGroup'],
            ['content:encoded', 'contentEncoded'],
            ['rdf:about', 'about'],
          ],
        },
      }),
  ));

const text = (v: any): string => (typeof v === 'string' ? v : typeof v?.['_'] === 'string' ? v._ : '');

/** An absolute http(s) address, or null: a javascript: link from a feed must never reach a page. */
function absolute(href: unknown, base: string): string | null {
  const value = text(href).trim();
  if (!value) return null;
  try {
    const u = new URL(value, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

const looksLikeImage = (url: string, type: unknown) =>
  typeof type === 'string' && type
    ? type.toLowerCase().startsWith('image/')
    : /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(url);

/** A thumbnail is an image by definition; media:content only when its medium or type says so. */
function mediaImage(list: unknown, thumbnail = false): string | null {
  if (!Array.isArray(list)) return null;
  for (const m of list) {
    const a = m?.$ ?? {};
    if (a.url && (thumbnail || a.medium === 'image' || looksLikeImage(a.url, a.type))) return a.url;
  }
  return null;
}

function itemImage(raw: Raw, contentHtml: string, base: string): string | null {
  const enclosure =
    raw.enclosure?.url && looksLikeImage(raw.enclosure.url, raw.enclosure.type) ? raw.enclosure.url : null;
  // The content is parsed for an <img> only when the feed names no image itself.
  const candidates = [
    () => enclosure,
    () => mediaImage(raw.mediaThumbnail, true),
    () => mediaImage(raw.mediaContent),
    () => mediaImage(raw.mediaGroup?.['media:thumbnail'], true),
    () => mediaImage(raw.mediaGroup?.['media:content']),
    () => raw.itunes?.image,
    () => readHtml(contentHtml).firstImage,
  ];
  for (const candidate of candidates) {
    const c = candidate();
    const url = c ? absolute(c, base) : null;
    if (url) return url;
  }
  return null;
}

function toItem(raw: Raw, feedUrl: string): ParsedItem {
  const link = absolute(raw.link, feedUrl) ?? absolute(raw.about, feedUrl);
  const base = link ?? feedUrl;
  const contentHtml = text(raw.contentEncoded) || text(raw.content);
  const summaryHtml = text(raw.summary) || text(raw.content) || text(raw.contentEncoded) || text(raw.itunes?.summary);
  const snippet = cutSnippet(readHtml(summaryHtml).text);
  const date = raw.isoDate ? new Date(raw.isoDate) : null;
  const enclosureUrl = absolute(raw.enclosure?.url, base);
  return {
    guid: text(raw.guid).trim() || text(raw.id).trim() || null,
    // Titles may carry entities and markup inside CDATA (craigslist): a reader sees the text.
    title: readHtml(text(raw.title)).text || snippet.slice(0, 80) || 'Untitled',
    link,
    pubDate: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    snippet,
    image: itemImage(raw, contentHtml, base),
    enclosure: enclosureUrl ? { url: enclosureUrl, type: text(raw.enclosure?.type) || null } : null,
  };
}

/** Parses decoded feed text (RSS 0.9, 1.0, 2.0 or Atom). Anything else throws FeedInvalid. */
export async function parseFeed(xml: string, feedUrl: string): Promise<ParsedFeed> {
  const rss = await parserOf();
  let feed: Raw;
  try {
    feed = await rss.parseString(xml);
  } catch (e) {
    throw new FeedInvalid(e);
  }
  const image = [feed.image?.url, feed.itunes?.image, text(feed.logo), text(feed.icon)]
    .map((c) => absolute(c, feedUrl))
    .find(Boolean);
  return {
    title: readHtml(text(feed.title)).text || null,
    image: image ?? null,
    items: (feed.items ?? []).slice(0, maxItemsPerFeed).map((raw: Raw) => toItem(raw, feedUrl)),
  };
}
