import { htmlparser2 } from '../../content/html-parser.js';

export interface FeedLink {
  href: string;
  title: string | null;
  type: string | null;
}

export interface PageMeta {
  title: string | null;
  feeds: FeedLink[];
  /** Icons the page declares (rel icon, shortcut icon, apple-touch-icon), raster ones first. */
  icons: string[];
}

const iconRels = ['icon', 'apple-touch-icon', 'apple-touch-icon-precomposed'];

const feedTypes = new Set(['application/rss+xml', 'application/atom+xml']);

/**
 * Firefox's discovery rules: a `rel` token 'feed' marks a feed whatever its type; otherwise
 * 'alternate' (not 'alternate stylesheet') with an RSS or Atom type. Tokens and types ignore case
 * and surrounding spaces. Relative addresses resolve against <base href> or the page address.
 */
export function readPageMeta(html: string, pageUrl: string): PageMeta {
  let base = pageUrl;
  let title: string | null = null;
  let inTitle = false;
  let titleText = '';
  let inSvg = 0;
  const raw: { href: string; title: string | null; type: string | null }[] = [];
  const rawIcons: string[] = [];

  const parser = new (htmlparser2().Parser)(
    {
      onopentag(name, attrs) {
        if (name === 'svg') inSvg++;
        if (name === 'title' && title === null && inSvg === 0) inTitle = true;
        if (name === 'base' && attrs.href && base === pageUrl) base = resolve(attrs.href, pageUrl) ?? pageUrl;
        if (name !== 'link' || !attrs.href) return;
        const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const type = attrs.type?.trim().toLowerCase() || null;
        const isFeed =
          rel.includes('feed') ||
          (rel.includes('alternate') && !rel.includes('stylesheet') && !!type && feedTypes.has(type));
        if (isFeed) raw.push({ href: attrs.href.trim(), title: attrs.title?.trim() || null, type });
        // SVG icons are left out: served from our origin they could carry script.
        const svg = type === 'image/svg+xml' || /\.svgz?($|[?#])/i.test(attrs.href);
        if (rel.some((r) => iconRels.includes(r)) && !svg && !attrs.href.startsWith('data:'))
          rawIcons.push(attrs.href.trim());
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'svg') inSvg = Math.max(0, inSvg - 1);
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText.replace(/\s+/g, ' ').trim() || null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const seen = new Set<string>();
  const feeds: FeedLink[] = [];
  for (const f of raw) {
    const href = resolve(f.href, base);
    if (!href || seen.has(href)) continue;
    seen.add(href);
    feeds.push({ ...f, href });
  }
  const icons = [...new Set(rawIcons.map((h) => resolve(h, base)).filter((h): h is string => h !== null))];
  return { title, feeds, icons };
}

function resolve(href: string, base: string): string | null {
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** The charset a page declares in its header or a <meta>, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string | undefined): string {
  const fromHeader = contentType?.match(/charset=["']?([\w-]+)/i)?.[1];
  const head = body.subarray(0, 2048).toString('latin1');
  const fromMeta = head.match(/<meta[^>]+charset=["']?([\w-]+)/i)?.[1];
  const charset = (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
