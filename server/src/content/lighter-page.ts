/**
 * A page made lighter for a second try at reading it, after the extraction thread ran out of
 * memory on it (PageTooComplex). A page may be up to 3 MB (sentPageLimits, the crawler's cap), but
 * a 3 MB article outgrows the thread's 48 MB heap in linkedom's DOM, while a copy keeps at most
 * 200 KB of text (copyLimits.textChars). So what Readability removes anyway goes before parsing:
 * scripts (except the page's JSON-LD, whose title and byline it reads), styles, comments and
 * inline SVG drawings; and a page still over `maxChars` is cut at the start of a tag, keeping the
 * head and the article's first part, which holds more text than a copy keeps.
 *
 * Only a page that failed is given this way: the patterns follow the tokenizer's rules for
 * scripts, styles and comments (each ends at its first closing tag), but not every corner of HTML
 * (a closing tag written inside an attribute), which must not change how any other page is read.
 */
export function lighterPage(html: string, maxChars = 1_000_000): string {
  const lighter = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (whole, attributes: string) =>
      /\btype\s*=\s*["']?application\/ld\+json/i.test(attributes) ? whole : '',
    )
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '')
    .replace(/<svg\b[\s\S]*?<\/svg\s*>/gi, '');
  if (lighter.length <= maxChars) return lighter;
  const cut = lighter.lastIndexOf('<', maxChars);
  return lighter.slice(0, cut > 0 ? cut : maxChars);
}
