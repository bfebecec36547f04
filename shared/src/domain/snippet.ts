import { z } from 'zod';

/** Where a search found its words in a saved page: a short passage and the ranges to highlight. */
export const snippetSchema = z.object({
  text: z.string(),
  /** [start, end) offsets into `text` of each word the query matched, in order. */
  marks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});
export type Snippet = z.output<typeof snippetSchema>;

/** About two lines of a result row. */
const snippetLength = 160;
/** Text before the first match: a few words of context, few enough that a phone's two lines reach the match. */
const leadIn = 30;
/** A page of a few hundred kilobytes has thousands of matches of a common word: the first are enough. */
const maxMatches = 400;

/** A word of the text as search compares it (the rule of `searchTokens`): no accents, lower case. */
const fold = (word: string) =>
  // Most words of most pages are plain ASCII: lower case is all they need.
  /^[\x00-\x7f]*$/.test(word)
    ? word.toLowerCase()
    : word
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();

/**
 * The passage of a page's text where the query's words are found closest together, with each
 * match marked. `words` are the query's search words (`searchTokens`); the last is matched as the
 * start of a word, the others whole, as the search itself matches them. Offsets are in the text
 * as written (accents and case kept), so the client highlights exactly what it shows. Null when
 * no word is in the text (the bookmark matched on its title or address alone).
 */
export function pageSnippet(text: string, words: string[]): Snippet | null {
  if (!words.length || !text) return null;
  const last = words.length - 1;
  const wordOf = (token: string): number => {
    // A token may fold into several words ('l’été' is one token with its mark; '½' becomes '1⁄2').
    for (const part of fold(token).split(/[^\p{L}\p{N}]+/u)) {
      if (!part) continue;
      for (let i = 0; i < words.length; i++)
        if (part === words[i] || (i === last && part.startsWith(words[i]!))) return i;
    }
    return -1;
  };

  const room = snippetLength - leadIn;
  const matches: { start: number; end: number; word: number }[] = [];
  const tokens = /[\p{L}\p{N}\p{M}]+/gu;
  // Reading starts a little before the first place every word appears as typed (a quick search of
  // the lower-cased text); a word written with accents there is not found so, and all is read.
  const lower = text.toLowerCase();
  const firsts = words.map((w) => lower.indexOf(w));
  if (firsts.every((i) => i >= 0)) {
    const from = Math.min(...firsts);
    tokens.lastIndex = Math.max(0, lower.lastIndexOf(' ', from - 1));
  }
  const distinct = new Set(words).size;
  for (let m = tokens.exec(text); m && matches.length < maxMatches; m = tokens.exec(text)) {
    const word = wordOf(m[0]);
    if (word < 0) continue;
    const match = { start: m.index, end: m.index + m[0].length, word };
    matches.push(match);
    // Enough read once the passage that ends here holds every word: none could hold more.
    const inWindow = new Set(matches.filter((x) => match.end - x.start <= room).map((x) => x.word));
    if (inWindow.size === distinct) break;
  }
  if (!matches.length) return null;

  // The window of the snippet's length that holds the most different words, the earliest on a tie.
  let best = 0;
  let bestEnd = matches[0]!.end;
  let bestCount = 0;
  for (let i = 0; i < matches.length && bestCount < words.length; i++) {
    const seen = new Set<number>();
    let end = matches[i]!.end;
    for (let j = i; j < matches.length && matches[j]!.end - matches[i]!.start <= room; j++) {
      seen.add(matches[j]!.word);
      end = matches[j]!.end;
    }
    if (seen.size > bestCount) [best, bestEnd, bestCount] = [i, end, seen.size];
  }

  const anchor = matches[best]!.start;
  let start = Math.max(0, anchor - leadIn);
  // Cut at spaces, not inside words, and never before the window's last match.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < anchor) start = space + 1;
  }
  let end = Math.min(text.length, Math.max(start + snippetLength, bestEnd));
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space >= bestEnd) end = space;
  }
  const before = start > 0 ? '…' : '';
  const passage = text.slice(start, end).replace(/\s+/g, ' ').trim();
  // Whitespace runs collapsed above shift offsets: the marks are found again in the passage.
  const marks: [number, number][] = [];
  const inPassage = /[\p{L}\p{N}\p{M}]+/gu;
  for (let m = inPassage.exec(passage); m; m = inPassage.exec(passage)) {
    if (wordOf(m[0]) >= 0) marks.push([before.length + m.index, before.length + m.index + m[0].length]);
  }
  return { text: before + passage + (end < text.length ? '…' : ''), marks };
}

/**
 * Rows of search results, each whose page text (`textOf`, by the row's id) holds the words with the
 * passage where they are: one rule for bookmarks and workspace links.
 */
export function withPassages<R extends { id: string }>(
  rows: R[],
  textOf: ReadonlyMap<string, string>,
  words: string[],
): (R & { snippet?: Snippet })[] {
  return rows.map((r) => {
    const text = textOf.get(r.id);
    const snippet = text ? pageSnippet(text, words) : null;
    return snippet ? { ...r, snippet } : r;
  });
}
