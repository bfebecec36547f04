import { htmlparser2 } from '../../content/html-parser.js';

const skipped = new Set(['script', 'style', 'noscript', 'template']);
const blocks = new Set(['p', 'br', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);

export interface HtmlText {
  /** The text a reader sees: tags dropped, entities decoded, spaces collapsed. */
  text: string;
  /** The src of the first <img>, as written. */
  firstImage: string | null;
}

/**
 * Reads feed HTML (descriptions, content, and titles that carry markup) as plain text. Nothing of
 * the markup survives, so a client never renders a feed's HTML.
 */
export function readHtml(html: string): HtmlText {
  // Most titles are plain text already: no parser needed.
  if (!/[<&]/.test(html)) return { text: html.replace(/\s+/g, ' ').trim(), firstImage: null };
  let text = '';
  let firstImage: string | null = null;
  let hidden = 0;
  const parser = new (htmlparser2().Parser)(
    {
      onopentag(name, attrs) {
        if (skipped.has(name)) hidden++;
        if (blocks.has(name)) text += ' ';
        if (name === 'img' && firstImage === null && attrs.src?.trim()) firstImage = attrs.src.trim();
      },
      ontext(chunk) {
        if (!hidden) text += chunk;
      },
      onclosetag(name) {
        if (skipped.has(name)) hidden = Math.max(0, hidden - 1);
        if (blocks.has(name)) text += ' ';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { text: text.replace(/\s+/g, ' ').trim(), firstImage };
}

export const htmlToText = (html: string) => readHtml(html).text;
