/**
 * Words for the search index and for queries, made the same way on both databases: lowercased,
 * accents removed, split at anything that is not a letter or a digit. 'https://www.Café.com/a-b'
 * gives 'https www cafe com a b'.
 */
export function searchTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export const searchText = (...parts: (string | null | undefined)[]) =>
  searchTokens(parts.filter(Boolean).join(' ')).join(' ');

/** Past this many matches a search stops counting and ranking: the page says '1,000+'. */
export const searchMatchCap = 1000;
