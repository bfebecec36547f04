import { sql } from 'kysely';
import {
  firstLook,
  pageSnippet,
  pageTextSnippet,
  unsettled,
  type PageText,
  type Snippet,
} from '@linkhive/shared/domain';
import type { Dialect } from '../../db/index.js';

/**
 * A copy's text as a page of search results reads it (`text`: the column, as `table.text`): its
 * first `firstLook` characters, whether it may go on past them, and whether it has a dotted capital
 * I (U+0130) anywhere (the passage's rule needs to know: `wordPlaces`). A copy keeps up to 200,000
 * characters, and the passage of a page whose words are near its top needs only its head: 25 such
 * pages read whole were 5 MB to copy out of the database and into strings for every page of
 * results. 'May go on' is told by its size in bytes, which both databases know without reading
 * (or, on Postgres, decompressing) the text: a text of more bytes than `firstLook` but no more
 * characters is taken as cut, which costs at most a second read of it, never a wrong passage.
 */
export function pageHeadColumns(dialect: Dialect, text: string) {
  const column = sql.ref(text);
  const cut = sql<number | boolean | null>`octet_length(${column}) > ${sql.lit(firstLook)}`;
  const find = dialect === 'sqlite' ? sql.raw('instr') : sql.raw('strpos');
  return {
    // A page that is not cut is read as it is, once: `pageHead` looks for its dotted capital I.
    head: sql<string | null>`case when ${cut} then substr(${column}, 1, ${sql.lit(firstLook)}) else ${column} end`,
    cut,
    dotted: sql<number | boolean | null>`case when ${cut} then ${find}(${column}, ${sql.lit('\u0130')}) > 0 end`,
  };
}

/** A row's head as read by `pageHeadColumns`, or null when it has no copy. */
export function pageHead(head: string | null, cut: unknown, dotted: unknown): PageText | null {
  if (head === null) return null;
  // SQLite answers 1 or 0, Postgres true or false; a page that is not cut is all here.
  if (Number(cut) !== 1) return { text: head, cut: false, dotted: head.includes('\u0130') };
  return { text: head, cut: true, dotted: Number(dotted) === 1 };
}

/**
 * Rows of search results with the passage of their page where the words are (`pageSnippet`), from
 * the heads read with them; the pages whose head does not settle the passage are read whole, all in
 * one go by `readWhole` (ids to texts).
 */
export async function passagesFromHeads<R extends { id: string }>(
  rows: R[],
  heads: ReadonlyMap<string, PageText>,
  words: string[],
  readWhole: (ids: string[]) => Promise<ReadonlyMap<string, string>>,
): Promise<(R & { snippet?: Snippet })[]> {
  const snippets = new Map<string, Snippet | null>();
  const unsettledIds: string[] = [];
  for (const [id, page] of heads) {
    const found = pageTextSnippet(page, words);
    if (found === unsettled) unsettledIds.push(id);
    else snippets.set(id, found);
  }
  if (unsettledIds.length) {
    const texts = await readWhole(unsettledIds);
    for (const id of unsettledIds) {
      const text = texts.get(id);
      snippets.set(id, text ? pageSnippet(text, words) : null);
    }
  }
  return rows.map((r) => {
    const snippet = snippets.get(r.id);
    return snippet ? { ...r, snippet } : r;
  });
}
