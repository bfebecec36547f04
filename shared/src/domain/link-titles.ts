import { limits } from './constants.js';

// An address's domain and the titles made from it or read with it: zod-free, so that the import
// worker (server/src/features/import/worker-thread.ts) reads them without loading every schema.

/** A title's runs of white space made one space (HTML reads them so), cut to limits.importedTitleMax. */
export function keptTitle(title: string): string {
  const t = title.replace(/\s+/g, ' ').trim();
  if (t.length <= limits.importedTitleMax) return t;
  const cut = t.slice(0, limits.importedTitleMax);
  // A cut between the two halves of a character outside the BMP (an emoji) drops the lone half.
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}

export function domainOf(link: string): string {
  return domainOfUrl(new URL(link));
}

/** domainOf for an address already parsed. */
export const domainOfUrl = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, '');

/** A title made for a form a person then edits: cut to the 50 that the dialogs accept. */
export function autoTitle(title: string | null | undefined, link: string): string {
  const t = (title ?? '').replace(/\s+/g, ' ').trim() || domainOf(link);
  return t.slice(0, limits.titleMax);
}

/**
 * A title read from an import (a bookmark file or the browser's bookmarks): kept as the source had
 * it, only its runs of white space made one space (HTML reads them so), up to limits.importedTitleMax
 * characters, never splitting a character in two. No title at all becomes the domain.
 */
export function importedTitle(title: string | null | undefined, link: string): string {
  return keptTitle(title ?? '') || domainOf(link);
}
