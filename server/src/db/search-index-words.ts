import { searchTokens } from '@linkhive/shared/domain';

/** Base-36 digits of an owner's tag: 36^6, over two billion owners. */
const tagWidth = 6;

/**
 * The tag that starts every word of an owner's bookmarks in SQLite's search index. A word is
 * indexed as tag + word ('00000cpasta'), so the index is one per owner in all but name: a query
 * reads only its owner's words and lists, never every user's list of a common word intersected
 * with a list of all the owner's bookmarks, and a prefix merges only its owner's words. The width
 * is fixed, so no owner's tag and word can read as another's.
 */
export function ownerTag(owner: number): string {
  return owner.toString(36).padStart(tagWidth, '0');
}

/** The prefix lengths the index keeps (a tag and two or three letters), for `prefix=` of FTS5. */
export const indexedPrefixes = `${tagWidth + 2} ${tagWidth + 3}`;

/** The words of `parts` as the index holds them for `owner`: the app's search words, each tagged. */
export function indexWords(owner: number, ...parts: (string | null | undefined)[]): string {
  const tag = ownerTag(owner);
  return searchTokens(parts.filter(Boolean).join(' '))
    .map((w) => tag + w)
    .join(' ');
}
