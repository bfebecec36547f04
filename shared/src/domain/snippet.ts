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
/**
 * How much of a long page is looked at first (characters). Lower-casing and searching a page of
 * 200 KB, the most a copy keeps, took about 0.4 ms, 10 ms for a page of 25 results; the words are
 * mostly near the top, where 16 KB take a twelfth of that. A page whose passage is not settled in
 * it (see `snippetIn`) is read whole, at about 8% more than reading it whole at once.
 */
export const firstLook = 16_384;
/** What `snippetIn` answers when the head it read cannot say what the whole page would. */
export const unsettled = Symbol('unsettled');
type Place = { start: number; end: number; word: number };

/** A word of the text as search compares it (the rule of `searchTokens`): no accents, lower case. */
const fold = (word: string) =>
  // Most words of most pages are plain ASCII: lower case is all they need.
  /^[\x00-\x7f]*$/.test(word)
    ? word.toLowerCase()
    : word
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();

/** A letter or a digit: what a search word is made of (`searchTokens` splits at anything else). */
const wordChar = /[\p{L}\p{N}]/u;
/** What a token of the text is made of, its marks included. */
const tokenChar = /[\p{L}\p{N}\p{M}]/u;

/**
 * The text folded as search folds words (no accents, lower case), one character at a time, and for
 * each folded character the offset in the text it came from: found in the folded text with a
 * plain `indexOf`, a word is marked where it is written.
 */
function foldedText(text: string): { folded: string; from: (i: number) => number } {
  const cache = new Map<string, string>();
  // Most letters with accents fold to one letter ('é' to 'e'); where one folds to another length
  // ('…' to '...', a mark of its own to nothing), the offsets after it move: noted, in order.
  const moves: { at: number; was: number; length: number; shift: number }[] = [];
  let shift = 0;
  const folded = text
    .replace(/[^\x00-\x7f]/gu, (char, offset: number) => {
      let out = cache.get(char);
      if (out === undefined) cache.set(char, (out = fold(char)));
      if (out.length !== char.length) {
        moves.push({ at: offset + shift, was: offset, length: out.length, shift: shift + out.length - char.length });
        shift += out.length - char.length;
      }
      return out;
    })
    .toLowerCase();
  if (!moves.length) return { folded, from: (i) => i };
  return {
    folded,
    from(i) {
      // The last move at or before i: within what it folded to, the character it came from.
      let lo = 0;
      let hi = moves.length - 1;
      let found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (moves[mid]!.at <= i) [found, lo] = [mid, mid + 1];
        else hi = mid - 1;
      }
      if (found < 0) return i;
      const move = moves[found]!;
      return i < move.at + move.length ? move.was : i - move.shift;
    },
  };
}

/**
 * Where the query's words are in the text's first `head` characters, in order: the last word as the
 * start of a word, the others whole (the search's rule), each match spanning the token of the text
 * it starts, at most `maxMatches` of them. Found in the folded text with `indexOf`: reading a long
 * page token by token with a Unicode regular expression took about a millisecond per 10 KB, and a
 * query with an accent (which a plain search of the text misses) read every result's page so.
 * Of a head shorter than the text: only what lower case finds, and `unsettled` unless every word is
 * found so (accents are folded on the whole text only, as it decides below).
 */
function wordPlaces(page: PageText, words: string[], head: number): Place[] | typeof unsettled {
  const { text } = page;
  const whole = !page.cut && head >= text.length;
  // Every word found in the text as typed (the usual case): lower case places them, and a page with
  // accents is not folded whole for each result (that made one-word searches slower); a word found
  // only with its accents, or only inside other words, has the page folded. U+0130, the dotted
  // capital I, is the one character whose lower case is longer ('i' and a dot), which would move
  // the offsets after it.
  if (page.dotted) return whole ? placesIn(text, foldedText(text), words, false) : unsettled;
  const lower = (whole ? text : text.slice(0, head)).toLowerCase();
  const places = placesIn(text, { folded: lower, from: (i) => i }, words, !whole);
  if (words.every((_, i) => places.some((p) => p.word === i))) return places;
  return whole ? placesIn(text, foldedText(text), words, false) : unsettled;
}

/**
 * The places of the words in `folded` (the text folded, or a head of it lower-cased). In a head, a
 * word that reaches its last character is left out: whether the text goes on with a letter there
 * (which would make it part of a longer word) is beyond it.
 */
function placesIn(
  text: string,
  { folded, from }: { folded: string; from: (i: number) => number },
  words: string[],
  cut: boolean,
): Place[] {
  const last = words.length - 1;
  const places: Place[] = [];
  const taken = new Set<number>();
  words.forEach((word, i) => {
    if (!word) return;
    let found = 0;
    for (let p = folded.indexOf(word); p >= 0 && found < maxMatches; p = folded.indexOf(word, p + 1)) {
      if (p > 0 && wordChar.test(folded[p - 1]!)) continue;
      const after = p + word.length;
      if (cut && after >= folded.length) break;
      if (i !== last && after < folded.length && wordChar.test(folded[after]!)) continue;
      const start = from(p);
      // The same place for two words (a word typed twice, one the start of another): the first.
      if (taken.has(start)) continue;
      taken.add(start);
      let end = start;
      while (end < text.length && tokenChar.test(text[end]!)) end++;
      places.push({ start, end: Math.max(end, start + 1), word: i });
      found++;
    }
  });
  return places.sort((a, b) => a.start - b.start).slice(0, maxMatches);
}

/**
 * The passage of a page's text where the query's words are found closest together, with each
 * match marked. `words` are the query's search words (`searchTokens`); the last is matched as the
 * start of a word, the others whole, as the search itself matches them. Offsets are in the text
 * as written (accents and case kept), so the client highlights exactly what it shows. Null when
 * no word is in the text (the bookmark matched on its title or address alone).
 */
export function pageSnippet(text: string, words: string[]): Snippet | null {
  // A whole page is always settled: the answer is a passage or null.
  return pageTextSnippet({ text, cut: false, dotted: text.includes('\u0130') }, words) as Snippet | null;
}

/**
 * A page's text as a search read it: the whole of it, or (`cut`) only its first characters, which
 * spares reading and copying a long page whose words are near its top; `dotted`: whether the
 * page has a dotted capital I (U+0130) anywhere (see `wordPlaces`).
 */
export interface PageText {
  text: string;
  cut: boolean;
  dotted: boolean;
}

/**
 * `pageSnippet` of a page as read (`PageText`). A long page is looked at in its first `firstLook`
 * characters first, and read on only when they do not settle the passage; of a cut page, that is
 * `unsettled`: its whole text is needed.
 */
export function pageTextSnippet(page: PageText, words: string[]): Snippet | null | typeof unsettled {
  if (!words.length || !page.text) return null;
  if (page.cut) return snippetIn(page, words, page.text.length);
  if (page.text.length > firstLook) {
    const fromHead = snippetIn(page, words, firstLook);
    if (fromHead !== unsettled) return fromHead;
  }
  return snippetIn(page, words, page.text.length);
}

/**
 * `pageSnippet` from the words in the first `head` characters of the page's text (the passage itself
 * is cut from all the text there is). From a head shorter than the page the answer is kept only
 * when it is settled: every word is in the passage's window, and every place the choice of that
 * window looked at lies in the head, clear of its end by more than the longest word, so that the
 * whole text has the same places there and gives the same passage. Otherwise `unsettled`.
 */
export function snippetIn(page: PageText, words: string[], head: number): Snippet | null | typeof unsettled {
  const { text } = page;
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
  const matches = wordPlaces(page, words, head);
  if (matches === unsettled) return unsettled;
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
  if (page.cut || head < text.length) {
    // The windows tried start at places up to the anchor and reach `room` past it.
    const clear = Math.max(...words.map((w) => w.length)) + 1;
    if (bestCount < words.length || anchor + room + clear >= head) return unsettled;
  }
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
