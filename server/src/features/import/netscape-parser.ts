import { htmlparser2 } from '../../content/html-parser.js';
import { createLinkCollector, webAddress, type ImportItem, type ParseResult } from './link-collector.js';

export { addDate, categoryFromFolder, createLinkCollector, uncategorized } from './link-collector.js';
export type { ImportItem, ParseResult } from './link-collector.js';

/**
 * Folders nested deeper than this are read as their ancestor at this depth: their links keep the
 * category of that ancestor. Browsers allow any depth, but no one files links 64 folders down,
 * and a bound keeps a hostile file's cost linear.
 */
export const maxFolderDepth = 64;

// Text kept per title or folder name, and per attribute: titles are cut to limits.importedTitleMax
// (1,000) and addresses are limited anyway; the rest of an endless value is read past, not stored.
const maxTextChars = 4096;
const maxAttributeChars = 64 * 1024;

/** The marker every Netscape bookmark file starts with (after an optional byte-order mark). */
export function hasNetscapeMarker(head: string): boolean {
  return /^\s*<!DOCTYPE\s+NETSCAPE-Bookmark-file-1\s*>/i.test(head.replace(/^\uFEFF/, ''));
}

interface Anchor {
  href: string;
  addDate?: string;
  tags?: string;
  feedUrl?: string;
}

/**
 * A streaming reader of the Netscape bookmark format: feed it text in chunks as the upload
 * arrives. Folders are <H3> followed by a <DL>; unclosed <DT>, <DD> and <p> tags are normal here.
 *
 * It reads htmlparser2's tokens with its own small state instead of the HTML tree builder: the
 * tree builder keeps every unclosed element on a stack that it shifts on every tag, so a file of
 * deep or never-closed elements costs the square of its size. Here only the folder path is kept,
 * bounded by maxFolderDepth, and every token costs the same whatever came before.
 */
export function createNetscapeParser(now = new Date()) {
  const links = createLinkCollector(now);
  const result = links.result;
  const folders: (string | null)[] = [];
  /** <DL>s opened past maxFolderDepth: their closing tags must not pop the kept path. */
  let overflow = 0;
  let pendingFolder: string | null = null;
  let h3: string | null = null;
  let anchor: Anchor | null = null;
  let anchorText = '';

  // The tokenizer reports positions in the whole input; these are the chunks not yet read past.
  const buffers: string[] = [];
  let bufferOffset = 0;
  function slice(start: number, end: number): string {
    while (buffers.length > 1 && start - bufferOffset >= buffers[0]!.length) {
      bufferOffset += buffers.shift()!.length;
    }
    let out = '';
    let offset = bufferOffset;
    for (const b of buffers) {
      if (offset >= end) break;
      if (offset + b.length > start) out += b.slice(Math.max(0, start - offset), end - offset);
      offset += b.length;
    }
    return out;
  }
  const release = (upTo: number) => void slice(upTo, upTo);

  const appendCapped = (to: string, text: string, max: number) =>
    to.length >= max ? to : to + text.slice(0, max - to.length);

  function closeFolderTitle() {
    if (h3 === null) return;
    pendingFolder = h3.replace(/\s+/g, ' ').trim();
    result.folders++;
    h3 = null;
  }

  function closeAnchor() {
    if (!anchor) return;
    const folder = folders.length > 1 ? folders[folders.length - 1] : null;
    links.add(anchor.href, anchorText, folder, anchor.addDate, {
      favourite: (anchor.tags ?? '').split(',').some((t) => t.trim().toLowerCase() === 'favourite'),
      rssFeed: webAddress(anchor.feedUrl),
    });
    anchor = null;
  }

  let tag = '';
  let attributes: Record<string, string> = {};
  let attributeName = '';
  let attributeValue = '';

  function openTag(name: string, attrs: Record<string, string>) {
    // An anchor or a folder title never spans a list, a list item or another anchor.
    if (name === 'a' || name === 'dl' || name === 'dt' || name === 'dd' || name === 'h3') {
      closeAnchor();
      if (name !== 'h3') closeFolderTitle();
    }
    if (name === 'h3') h3 = '';
    else if (name === 'dl') {
      // The outermost list is the file itself, not a folder.
      if (folders.length <= maxFolderDepth) folders.push(pendingFolder);
      else overflow++;
      pendingFolder = null;
    } else if (name === 'a') {
      anchor = { href: (attrs.href ?? '').trim(), addDate: attrs.add_date, tags: attrs.tags, feedUrl: attrs.feedurl };
      anchorText = '';
    }
  }

  function closeTag(name: string) {
    if (name === 'h3') closeFolderTitle();
    else if (name === 'a') closeAnchor();
    else if (name === 'dl') {
      closeAnchor();
      closeFolderTitle();
      if (overflow > 0) overflow--;
      else folders.pop();
    }
  }

  function text(value: string) {
    if (h3 !== null) h3 = appendCapped(h3, value, maxTextChars);
    else if (anchor) anchorText = appendCapped(anchorText, value, maxTextChars);
  }

  const tokenizer = new (htmlparser2().Tokenizer)(
    { xmlMode: false, decodeEntities: true },
    {
      ontext: (start, end) => text(slice(start, end)),
      ontextentity: (codePoint) => text(String.fromCodePoint(codePoint)),
      onopentagname(start, end) {
        tag = slice(start, end).toLowerCase();
        attributes = {};
      },
      onattribname(start, end) {
        attributeName = slice(start, end).toLowerCase();
        attributeValue = '';
      },
      onattribdata(start, end) {
        if (attributeValue.length < maxAttributeChars)
          attributeValue = appendCapped(attributeValue, slice(start, end), maxAttributeChars);
        else release(end);
      },
      onattribentity(codePoint) {
        attributeValue = appendCapped(attributeValue, String.fromCodePoint(codePoint), maxAttributeChars);
      },
      onattribend() {
        if (!(attributeName in attributes)) attributes[attributeName] = attributeValue;
        attributeValue = '';
      },
      onopentagend(end) {
        openTag(tag, attributes);
        release(end);
      },
      onselfclosingtag(end) {
        openTag(tag, attributes);
        release(end);
      },
      onclosetag(start, end) {
        closeTag(slice(start, end).toLowerCase());
      },
      oncomment: (_start, end) => release(end),
      oncdata: (_start, end) => release(end),
      ondeclaration: (_start, end) => release(end),
      onprocessinginstruction: (_start, end) => release(end),
      onend() {},
    },
  );

  return {
    write(chunk: string) {
      if (!chunk) return;
      buffers.push(chunk);
      tokenizer.write(chunk);
    },
    /** The links read so far and not yet taken, once there are at least `min`; none before. */
    take(min: number): ImportItem[] {
      if (result.items.length < min) return [];
      const taken = result.items;
      result.items = [];
      return taken;
    },
    /** The rest: the links not taken, and what the whole file held besides. */
    end(): ParseResult {
      tokenizer.end();
      closeAnchor();
      return result;
    },
  };
}

export function parseNetscape(text: string, now = new Date()): ParseResult {
  const p = createNetscapeParser(now);
  p.write(text.replace(/^\uFEFF/, ''));
  return p.end();
}
