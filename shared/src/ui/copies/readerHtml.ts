/*
 * The copy's HTML as the Reader view puts it in the page. The server cleans it before it is stored
 * (server/src/content/readable.ts, sanitize-html with an allowlist) and the pages' content security
 * policy runs no inline script; this pass keeps to the same allowlist in the browser as well, so that
 * a copy from a server of another version, or a slip in its cleaning, still renders nothing that runs.
 */
import { readerMarkup } from '../../domain/index.js';

const readingTags = new Set(readerMarkup.tags);

/** Gone with what they hold; any other tag outside the list gives way to its content. */
const droppedWithContent = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'svg', 'math', 'canvas', 'audio', 'video', 'textarea', 'select', 'option', 'button', 'form', 'head',
  'title', 'link', 'meta', 'base',
]); // prettier-ignore

const attributes = readerMarkup.attributes;

const webOrMail = /^(https?:\/\/|mailto:)/i;
const web = /^https?:\/\//i;
/** A path on the server itself: the image relay's (/api/feeds/image?…). */
const serverPath = /^\/(?!\/)/;

/**
 * `html` kept to the reading allowlist: links open apart with no referrer; an image's address is
 * http(s), or a path on the server, which `imageBase` (the server's address, in the extension)
 * is put before; code blocks and tables take the focus.
 */
export function readerHtml(html: string, imageBase = ''): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body, imageBase);
  return doc.body.innerHTML;
}

function clean(parent: Element, imageBase: string): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === 8 /* comment */) {
      node.remove();
      continue;
    }
    if (node.nodeType !== 1 /* element */) continue;
    const el = node as Element;
    const tag = el.localName;
    if (droppedWithContent.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      el.remove();
      continue;
    }
    clean(el, imageBase);
    if (!readingTags.has(tag)) {
      el.replaceWith(...el.childNodes);
      continue;
    }
    const allowed = attributes[tag] ?? [];
    for (const { name } of [...el.attributes]) if (!allowed.includes(name)) el.removeAttribute(name);
    if (tag === 'a') {
      const href = el.getAttribute('href')?.trim();
      if (href !== undefined && !webOrMail.test(href)) el.removeAttribute('href');
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    // A block of code or a table wider than the column scrolls on its own (articleStyles): the
    // keyboard must reach it to scroll it.
    if (tag === 'pre' || tag === 'table') el.setAttribute('tabindex', '0');
    if (tag === 'img') {
      const src = el.getAttribute('src')?.trim() ?? '';
      if (serverPath.test(src)) el.setAttribute('src', imageBase.replace(/\/+$/, '') + src);
      else if (!web.test(src)) el.removeAttribute('src');
    }
  }
}
