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

/**
 * How well a title answers the query words: a whole title word counts 3, the start of one 2.
 * Both databases find the matches with their own index and rank them with this one function,
 * so they answer the same rows in the same order.
 */
export function titleScore(words: string[], searchTitle: string): number {
  const titleWords = searchTitle.split(' ');
  let score = 0;
  for (const w of words) {
    if (titleWords.includes(w)) score += 3;
    else if (titleWords.some((t) => t.startsWith(w))) score += 2;
  }
  return score;
}

/** Where a search looks: everywhere (title, address, the saved page's text), or in titles only. */
export const searchScopes = ['all', 'title'] as const;
export type SearchScope = (typeof searchScopes)[number];
