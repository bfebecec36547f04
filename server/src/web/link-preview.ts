/** A page's own link preview: what a chat or a search engine shows for its address. */
export interface PagePreview {
  title: string;
  description: string;
  /** The page's path on this server, e.g. /promo/acme. */
  path: string;
  /** A path on this server (a /files/ picture), or null to keep the site's own picture. */
  image: string | null;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// Every value comes from what a user wrote (an advert's title and description): nothing may close
// the attribute or the element it sits in.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => entities[c]!);

/** Sets the content of `<meta {attr}="{key}" content="…">` wherever the shell has one. */
function setMeta(html: string, attr: 'name' | 'property', key: string, value: string): string {
  const tag = new RegExp(`(<meta\\s+${attr}="${key}"\\s+content=")[^"]*(")`, 'g');
  // A function, so that '$&' and the like in a title are text, not replacement patterns.
  return html.replace(tag, (_m, head: string, tail: string) => `${head}${escapeHtml(value)}${tail}`);
}

/**
 * The app shell with one page's title, description, address and picture in its title and meta
 * tags, as absolute addresses on `publicUrl`. The shell's own size and alt text describe its own
 * picture, so they go (the size) or name the page (the alt) when the picture is replaced.
 */
export function withPagePreview(html: string, page: PagePreview, publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  let out = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
  out = setMeta(out, 'name', 'description', page.description);
  out = setMeta(out, 'property', 'og:title', page.title);
  out = setMeta(out, 'property', 'og:description', page.description);
  out = setMeta(out, 'property', 'og:url', `${origin}${page.path}`);
  if (page.image) {
    out = setMeta(out, 'property', 'og:image', `${origin}${page.image}`);
    out = setMeta(out, 'name', 'twitter:image', `${origin}${page.image}`);
    out = setMeta(out, 'property', 'og:image:alt', page.title);
    out = out.replace(/\s*<meta\s+property="og:image:(?:width|height)"\s+content="[^"]*"\s*\/?>/g, '');
  }
  return out;
}
