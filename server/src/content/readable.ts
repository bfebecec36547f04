import { createRequire } from 'node:module';
import type { IOptions } from 'sanitize-html';
import { readerMarkup } from '@linkhive/shared/domain/reader-markup';
import { htmlparser2 } from './html-parser.js';

/** A page's readable copy: its article as Firefox's Reader View would show it, cleaned for our pages. */
export interface ReadableCopy {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  excerpt: string | null;
  lang: string | null;
  wordCount: number;
  /** The page's own picture for sharing (og:image), absolute http(s), or null. */
  leadImage: string | null;
  /** The article's text, for search, cut at `copyLimits.textChars`. */
  text: string;
  /** The article, cleaned down to reading markup with absolute addresses (sanitizeReaderHtml). */
  html: string;
}

export const copyLimits = {
  /** Characters of text kept for search: a long article's first 200 KB or so. */
  textChars: 200_000,
  /** Characters of cleaned HTML kept; a larger article keeps its text as paragraphs instead. */
  htmlChars: 1_000_000,
  /** Characters of each short field (title, byline, site name, excerpt). */
  fieldChars: 500,
};

const require = createRequire(import.meta.url);
type Libraries = {
  Readability: typeof import('@mozilla/readability').Readability;
  parseHTML: typeof import('linkedom').parseHTML;
};
let libraries: Libraries | undefined;
/**
 * Readability and linkedom, loaded on first use: most processes never extract a page, and an idle
 * server stays small (issue 27). linkedom rather than jsdom: a light DOM that Readability runs on
 * unchanged, at a fraction of jsdom's memory and start-up.
 */
const load = (): Libraries =>
  (libraries ??= {
    Readability: (require('@mozilla/readability') as typeof import('@mozilla/readability')).Readability,
    parseHTML: withLazyNumberFormat(() => (require('linkedom') as typeof import('linkedom')).parseHTML),
  });

/**
 * Runs `load` with an Intl.NumberFormat that makes the real one only when it is first used.
 * linkedom's CSS module (cssomnom) makes a number formatter as it loads, for style values, and
 * making one maps 4 MB of ICU's locale data into the process for good: a third of what the
 * crawl's peak memory was over its goal (issue 30), for a formatter reading articles never needs.
 */
export function withLazyNumberFormat<T>(load: () => T): T {
  const Real = Intl.NumberFormat;
  function LazyNumberFormat(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
    let real: Intl.NumberFormat | undefined;
    const formatter = () => (real ??= new Real(...args));
    return {
      format: (value: number | bigint) => formatter().format(value),
      formatToParts: (value: number | bigint) => formatter().formatToParts(value),
      formatRange: (a: number | bigint, b: number | bigint) => formatter().formatRange(a, b),
      resolvedOptions: () => formatter().resolvedOptions(),
    };
  }
  (Intl as { NumberFormat: unknown }).NumberFormat = LazyNumberFormat;
  try {
    return load();
  } finally {
    (Intl as { NumberFormat: unknown }).NumberFormat = Real;
  }
}

/**
 * The readable copy of a page's HTML, or null when the page has no article to read (a login form,
 * an empty page). `pageUrl` is the address the page was fetched from (after redirects): relative
 * links and images are made absolute against it, or against the page's own <base>.
 */
export function extractReadable(html: string, pageUrl: string): ReadableCopy | null {
  const { Readability, parseHTML } = load();
  const { document } = parseHTML(html);
  const base = absolute(document.querySelector('base[href]')?.getAttribute('href'), pageUrl) ?? pageUrl;
  const leadImage = absolute(
    document
      .querySelector('meta[property="og:image"], meta[name="og:image"], meta[name="twitter:image"]')
      ?.getAttribute('content'),
    base,
  );
  // Readability changes the document it reads; the lead image was read first.
  const article = new Readability(document as unknown as Document).parse();
  if (!article?.content) return null;
  let clean = sanitizeReaderHtml(article.content, base);
  // Read from the cleaned markup, a line per block: Readability's own textContent runs the last
  // word of a paragraph into the first of the next, which search would then never find.
  const text = textOf(clean);
  if (!text) return null;
  const cut = text.length > copyLimits.textChars ? cutAtWord(text, copyLimits.textChars) : text;
  if (clean.length > copyLimits.htmlChars) clean = paragraphsOf(cut);
  return {
    title: field(article.title),
    byline: field(article.byline),
    siteName: field(article.siteName),
    excerpt: field(article.excerpt),
    lang: field(article.lang)?.slice(0, 35) ?? null,
    wordCount: wordsIn(text),
    leadImage,
    text: cut,
    html: clean,
  };
}

function field(value: string | null | undefined): string | null {
  const v = value?.replace(/\s+/g, ' ').trim();
  return v ? v.slice(0, copyLimits.fieldChars) : null;
}

const blocks = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'li', 'dt', 'dd', 'blockquote', 'pre',
  'figure', 'figcaption', 'table', 'caption', 'tr', 'th', 'td', 'ul', 'ol', 'dl',
]); // prettier-ignore

/** The text of cleaned markup: a line per block, spaces within a line made single. */
function textOf(html: string): string {
  const parts: string[] = [];
  const parser = new (htmlparser2().Parser)({
    ontext: (piece) => void parts.push(piece),
    onopentag: (name) => void (blocks.has(name) && parts.push('\n')),
    onclosetag: (name) => void (blocks.has(name) && parts.push('\n')),
  });
  parser.write(html);
  parser.end();
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function cutAtWord(text: string, max: number): string {
  const cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  return space > max * 0.9 ? cut.slice(0, space) : cut;
}

/** Words as a reader counts them: runs of letters or digits, and each ideograph on its own. */
export function wordsIn(text: string): number {
  const ideographs = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  const words =
    text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return words + ideographs;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const paragraphsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/** `raw` made absolute against `base` when it is an http(s) address; anything else is null. */
function absolute(raw: string | null | undefined, base: string): string | null {
  const value = raw?.trim();
  if (!value || /[\x00-\x1f\x7f]/.test(value)) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// Code, styles, embedded documents and forms are never part of the article to read.
const droppedWithContent = [
  'script', 'style', 'textarea', 'option', 'select', 'xmp', 'noscript', 'template', 'title', 'head',
  'iframe', 'frame', 'frameset', 'noframes', 'noembed', 'object', 'embed', 'applet', 'form', 'button',
  'svg', 'math', 'canvas', 'audio', 'video',
]; // prettier-ignore

const readingTags = readerMarkup.tags;

let sanitizeHtml: typeof import('sanitize-html') | undefined;

/**
 * An article's HTML cleaned down to reading markup: no scripts, styles, classes, ids, event
 * handlers or embedded documents; links and images only to absolute http(s) addresses (resolved
 * against `base`), links opening apart with no referrer. What a Reader view may put in a page as is.
 */
export function sanitizeReaderHtml(html: string, base: string): string {
  sanitizeHtml ??= require('sanitize-html') as typeof import('sanitize-html');
  const options: IOptions = {
    allowedTags: readingTags,
    allowedAttributes: { ...readerMarkup.attributes, a: [...readerMarkup.attributes.a!, 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: droppedWithContent,
    nestingLimit: 64,
    parseStyleAttributes: false,
    transformTags: {
      a: (_tag, attribs) => {
        const href = attribs.href?.trim().toLowerCase().startsWith('mailto:')
          ? attribs.href.trim()
          : absolute(attribs.href, base);
        return {
          tagName: 'a',
          attribs: {
            ...(href ? { href } : {}),
            ...(attribs.title ? { title: attribs.title } : {}),
            target: '_blank',
            rel: 'noopener noreferrer nofollow',
          },
        };
      },
      img: (_tag, attribs) => {
        const src = absolute(attribs.src, base);
        const { alt, title, width, height } = attribs;
        return { tagName: 'img', attribs: { ...(src ? { src } : {}), ...defined({ alt, title, width, height }) } };
      },
    },
    // An image with no address left shows nothing.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
  return sanitizeHtml(html, options);
}

const defined = (attribs: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(attribs).filter((e): e is [string, string] => e[1] !== undefined));
