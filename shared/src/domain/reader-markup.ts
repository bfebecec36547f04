// A module of its own, importing nothing: the server's extraction thread (server/src/content/
// readable-worker.ts) loads it alone (`@linkhive/shared/domain/reader-markup`), not the domain's
// schemas, whose zod and definitions were 24 MB of the thread's memory before its first page.

/**
 * The reading markup a copy keeps: the server cleans an article down to these tags and attributes
 * (server/src/content/readable.ts), and the Reader view keeps to them again in the browser
 * (shared/src/ui/copies/readerHtml.ts). Links also get `target` and `rel` from the server.
 */
export const readerMarkup = {
  tags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'a', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'blockquote', 'pre', 'code', 'kbd', 'samp', 'em', 'strong', 'b', 'i', 'u', 's', 'sub', 'sup', 'small',
    'mark', 'abbr', 'cite', 'q', 'time', 'figure', 'figcaption', 'img', 'table', 'caption', 'thead',
    'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  attributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    time: ['datetime'],
    abbr: ['title'],
  } as Record<string, string[]>,
}; // prettier-ignore
