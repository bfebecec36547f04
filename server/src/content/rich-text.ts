import { createRequire } from 'node:module';
import type { IOptions } from 'sanitize-html';
import { htmlparser2 } from './html-parser.js';

type ListTag = 'ol' | 'ul';

const lines = ['h1', 'h2', 'h3', 'p', 'li'];
const lists: string[] = ['ol', 'ul'];
const allowedTags = [...lines, ...lists, 'br', 'strong', 'b', 'em', 'i', 'u', 'a'];
const schemes = ['http', 'https', 'mailto'];

// Code, styles, embedded documents and foreign markup are never prose: kept as text, a script's
// source or an SVG's labels would show up in the description.
const droppedWithContent = [
  'script', 'style', 'textarea', 'option', 'select', 'xmp', 'noscript', 'template', 'title', 'head',
  'iframe', 'frame', 'frameset', 'noframes', 'noembed', 'object', 'embed', 'applet',
  'svg', 'math', 'canvas', 'audio', 'video',
]; // prettier-ignore

// The editor nests about 20 deep at most (eight list indents). Deeper markup is never prose, and
// Quill's clipboard recurses once per level when a stored description is opened again.
const nestingLimit = 64;

// Quill's own HTML (its root's innerHTML) keeps bullets and numbers in one <ol>, each item saying
// which it is; its semantic HTML writes <ul> and <ol> but marks checklists the same way.
const quillLists = new Map<string, ListTag>([
  ['ordered', 'ol'],
  ['bullet', 'ul'],
  ['checked', 'ul'],
  ['unchecked', 'ul'],
]);

/** The address as written, trimmed, when it is absolute http, https or mailto; anything else is no link. */
function linkHref(raw: string | undefined): string | undefined {
  const href = raw?.trim();
  // Browsers skip tabs and newlines inside an address ("java\tscript:"): refuse them rather than guess.
  if (!href || /[\x00-\x1f\x7f]/.test(href)) return undefined;
  try {
    return schemes.includes(new URL(href).protocol.slice(0, -1)) ? href : undefined;
  } catch {
    return undefined; // relative, protocol-relative ("//host") or not an address
  }
}

const options: IOptions = {
  allowedTags,
  allowedAttributes: { a: ['href', 'target', 'rel'], li: [{ name: 'data-list', values: [...quillLists.keys()] }] },
  // sanitize-html checks the scheme again after our own check: two independent readings must agree.
  allowedSchemes: schemes,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: droppedWithContent,
  nestingLimit,
  parseStyleAttributes: false,
  selfClosing: ['br'],
  transformTags: {
    a: (_tag, attribs) => {
      const href = linkHref(attribs.href);
      return {
        tagName: 'a',
        attribs: { ...(href ? { href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' },
      };
    },
  },
};

/**
 * Cleans a description from the editor (or from any client) down to headings, paragraphs, bold,
 * italic, underline, lists and links, and reads its text as the length rule counts it:
 * `descriptionLength(text)` is what the editor counts from Quill's `getText()`.
 */
export function sanitizeRichText(html: string): { html: string; text: string } {
  // Required on first use, not imported: most processes never clean a description or a post, and
  // sanitize-html costs a few MB in each. A require keeps this function synchronous for its callers.
  sanitizeHtml ??= createRequire(import.meta.url)('sanitize-html') as typeof import('sanitize-html');
  return rewrite(sanitizeHtml(html, options));
}

let sanitizeHtml: typeof import('sanitize-html') | undefined;

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\u00a0': '&nbsp;' };
const escapeText = (s: string) => s.replace(/[&<>\u00a0]/g, (c) => entities[c]!);
const escapeAttribute = (s: string) => s.replace(/[&<>"]/g, (c) => entities[c]!);

// Quill's semantic HTML writes every space as &nbsp;, and a line of those never wraps. One between
// two characters becomes a plain space again; the others stay, so that no two spaces sit side by
// side for a browser, or the editor reading the description back, to collapse into one.
const looseSpaces = (s: string) => s.replace(/(?<=[^\s])\u00a0(?=[^ \t\n\r\f])/g, ' ');

interface Open {
  name: string;
  /** For a list: the list tag written so far, as Quill's items may switch it. */
  list: ListTag | null;
  empty: boolean;
  /** A link whose address was refused (or, should one slip through, a tag not allowed): its text stays. */
  dropped: boolean;
}

/**
 * Writes sanitize-html's output again, element by element and only from the allowlist: Quill's
 * lists become <ul> and <ol>, blank lines keep a <br>, and the text is read on the way.
 */
function rewrite(clean: string): { html: string; text: string } {
  const html: string[] = [];
  const text = plainText();
  const stack: Open[] = [];
  let pending = '';

  const openList = (list: Open, tag: ListTag) => {
    if (list.list === tag) return;
    if (list.list) html.push(`</${list.list}>`);
    html.push(`<${tag}>`);
    list.list = tag;
  };
  const enterParent = (itemList?: ListTag) => {
    const parent = stack[stack.length - 1];
    if (!parent) return;
    parent.empty = false;
    if (lists.includes(parent.name)) openList(parent, itemList ?? parent.list ?? (parent.name as ListTag));
  };
  // Text arrives in pieces (split at entities); spaces are judged on the whole run.
  const flush = () => {
    if (!pending) return;
    const run = looseSpaces(pending);
    pending = '';
    enterParent();
    html.push(escapeText(run));
    text.add(run);
  };

  const parser = new (htmlparser2().Parser)(
    {
      ontext: (piece) => void (pending += piece),
      onopentag(name, attribs) {
        flush();
        enterParent(name === 'li' ? quillLists.get(attribs['data-list'] ?? '') : undefined);
        const dropped = !allowedTags.includes(name) || (name === 'a' && !attribs.href);
        const open: Open = { name, list: null, empty: true, dropped };
        stack.push(open);
        if (open.dropped) return;
        if (lists.includes(name)) return text.lineBreak(); // written once its first item says which
        if (name === 'br') {
          html.push('<br />');
          return text.br();
        }
        html.push(`<${name}${name === 'a' ? linkAttributes(attribs) : ''}>`);
        if (lines.includes(name)) text.lineBreak();
      },
      onclosetag(name) {
        flush();
        const open = stack.pop();
        if (!open || open.dropped || name === 'br') return;
        if (open.list) html.push(`</${open.list}>`);
        if (lists.includes(name)) return text.lineBreak();
        // An empty paragraph is the editor's blank line: a <br> keeps it, on the page and in the editor.
        if (open.empty && lines.includes(name)) {
          html.push('<br />');
          text.br();
        }
        html.push(`</${name}>`);
        if (lines.includes(name)) text.lineBreak();
      },
      onend: flush,
    },
    { decodeEntities: true },
  );
  parser.end(clean);
  return { html: html.join(''), text: text.value() };
}

function linkAttributes(attribs: Record<string, string>): string {
  return ['href', 'target', 'rel']
    .filter((name) => attribs[name] !== undefined)
    .map((name) => ` ${name}="${escapeAttribute(attribs[name]!)}"`)
    .join('');
}

/**
 * The text as a reader (and Quill, reading HTML) sees it: runs of spaces and source line breaks
 * are one space, none at a line's ends; a line break ends each heading, paragraph and list item.
 * Non-breaking spaces count, as plain ones, wherever they are.
 */
function plainText() {
  const parts: string[] = [];
  let lineStart = true;
  let space = false;
  return {
    add(run: string) {
      let s = run.replace(/[ \t\n\r\f]+/g, ' ');
      if (s.startsWith(' ')) {
        space = true;
        s = s.slice(1);
      }
      if (!s) return;
      if (space && !lineStart) parts.push(' ');
      space = s.endsWith(' ');
      // Quill's getText() has a plain space for each non-breaking one.
      parts.push((space ? s.slice(0, -1) : s).replace(/\u00a0/g, ' '));
      lineStart = false;
    },
    lineBreak() {
      if (!lineStart) parts.push('\n');
      lineStart = true;
      space = false;
    },
    br() {
      parts.push('\n');
      lineStart = true;
      space = false;
    },
    value() {
      let end = parts.length;
      while (end > 0 && parts[end - 1] === '\n') end--;
      return parts.slice(0, end).join('');
    },
  };
}
