import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import { ownerTag } from '../../db/search-index-words.js';
import { linkHealthIs } from '../link-health/repository.js';
import { ownerOf } from './row-values.js';
import { searchMatchCap, titleScore, type PageText } from '@linkhive/shared/domain';
import { pageHead, pageHeadColumns, passagesFromHeads } from '../copies/page-heads.js';
import type { BookmarkRow, ListFilters, bookmarkRowsQuery } from './repository.js';

/**
 * Postgres: the search vector of a bookmark, its title and address's with its saved page's words.
 * Written exactly as the search index's expression (migrations/20261128T1700_page_search), which
 * Postgres uses only for the same expression.
 */
const bookmarkSearchVector = sql`(b.search_vector || coalesce(b.page_vector, ''::tsvector))`;

/** Postgres: how many of the newest bookmarks tell how common a search's words are (newestOnPostgres). */
const probeRows = 100;
/** Postgres: the most bookmarks a search tests one by one, twice the cap's worth: enough when half match. */
const walkRows = 2 * (searchMatchCap + 1);

/** A match as ranking needs it. */
type Candidate = { id: string; search_title: string; created_at: string };

/**
 * What one pass over the index found: up to the cap, every match, to be ranked; past it, only the
 * page's rows, newest first (`key` says how they are named: FTS5 answers rowids).
 */
type Found = { capped: false; candidates: Candidate[] } | { capped: true; page: Page };

/** The bookmarks of a page of results, in order, by id or (from FTS5) by rowid. */
type Page = { key: 'id'; values: string[] } | { key: 'rowid'; values: number[] };

/** Bookmarks with their screenshot and link check, as every list reads them (the repository's). */
type RowsQuery = ReturnType<typeof bookmarkRowsQuery>;

/**
 * Full-text search as the user types: the words before the last are complete, the last is
 * matched as a prefix (a prefix on every word would merge whole word lists on each query).
 * One pass over the index takes at most the cap (plus one) of matches, newest saved first; up
 * to the cap they are ranked by how well the title answers, past it the newest are shown and
 * the total reads '1,000+', so a broad prefix never ranks or counts a whole library.
 * Adapter: FTS5 on SQLite, tsvector on Postgres, over the same words. The words may be found in
 * the title, the address or the saved page's text, or with `in: 'title'` in the title alone.
 */
export function bookmarkSearch(db: Kysely<Database>, dialect: Dialect, rowsQuery: () => RowsQuery) {
  return async function search(
    userId: string,
    words: string[],
    f: ListFilters,
  ): Promise<{ rows: BookmarkRow[]; total: number; capped: boolean }> {
    const inPages = f.in !== 'title';
    const found = await find(userId, words, f, inPages);
    if (!found) return { rows: [], total: 0, capped: false };
    if (found.capped) {
      const rows = await pageRows(userId, found.page, inPages);
      return { rows: await withSnippets(userId, rows, words, inPages), total: searchMatchCap, capped: true };
    }
    const matches = found.candidates;
    const score = new Map(matches.map((m) => [m.id, titleScore(words, m.search_title)]));
    matches.sort(
      (x, y) =>
        score.get(y.id)! - score.get(x.id)! ||
        (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0) ||
        (x.id < y.id ? 1 : -1),
    );
    const page = matches.slice(f.offset, f.offset + f.limit).map((m) => m.id);
    const rows = await pageRows(userId, { key: 'id', values: page }, inPages);
    return { rows: await withSnippets(userId, rows, words, inPages), total: matches.length, capped: false };
  };

  /** The matches, or past the cap the page's; null when the user has no bookmarks at all. */
  async function find(userId: string, words: string[], f: ListFilters, inPages: boolean): Promise<Found | null> {
    const filters = [
      sql`b.owner = ${ownerOf(userId)}`,
      ...(f.category ? [sql`b.category = ${f.category}`] : []),
      ...(f.favourite !== undefined ? [sql`b.favourite = ${f.favourite ? 1 : 0}`] : []),
      ...(f.health ? [linkHealthIs(f.health, 'b')] : []),
    ];
    const narrowed = filters.length > 1;
    if (dialect === 'sqlite') {
      // The index holds each word with its owner's tag in front: the query reads this owner's words.
      const owner = await db.selectFrom('owner').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (!owner) return null;
      const tag = ownerTag(owner.id);
      const terms = words.map((w, i) => (i === words.length - 1 ? `"${tag}${w}"*` : `"${tag}${w}"`));
      const columns = inPages ? '{search_title search_rest search_page}' : '{search_title}';
      const match = sql`bookmark_fts match ${`${columns} : (${terms.join(' AND ')})`}`;
      // Without category or favourite filters the owner's tags scope the index, so the index alone
      // says whether the query is past the cap; then only the rows to rank or show are read.
      if (!narrowed) return fromIndex(userId, match, f);
      return fromTable(
        sql`bookmark_fts f join bookmark b on b.rowid = f.rowid`,
        [...filters, match],
        sql`f.rowid desc`,
        f,
      );
    }
    const term = (w: string, i: number, weight = '') => (i === words.length - 1 ? `${w}:*${weight}` : `${w}:${weight}`);
    const tsquery = (text: string) => sql`to_tsquery('simple', ${text})`;
    const whole = sql`${bookmarkSearchVector} @@ ${tsquery(words.map((w, i) => term(w, i)).join(' & '))}`;
    // The title's words are weighted A in the title-and-address vector (the page's have no weight,
    // which a weighted query would match): the index finds the rows, this keeps title matches.
    const inTitle = sql`b.search_vector @@ ${tsquery(words.map((w, i) => term(w, i, 'A')).join(' & '))}`;
    // The same test as `whole` word by word, for rows read one by one: the two vectors are not
    // merged (12-80 us a row with a copy) and a word in the title or address never reads the page's.
    const eachWord = inPages
      ? sql.join(
          words.map((w, i) => {
            const word = tsquery(term(w, i));
            return sql`(b.search_vector @@ ${word} or b.page_vector @@ ${word})`;
          }),
          sql` and `,
        )
      : inTitle;
    return newestOnPostgres(filters, eachWord, inPages ? [whole] : [whole, inTitle], f);
  }

  /**
   * Postgres: the newest matches, read the way that suits how common the words are among the
   * newest bookmarks, which a look at the newest few (`probeRows`) tells; in a library no larger,
   * that look is the answer. Left to itself, the planner walks the owner's bookmarks newest first
   * whenever it expects matches to be common, and expects them spread evenly: a word common only
   * in older pages ('the' in a library whose copies are of its older bookmarks) made it test
   * 94,000 rows, 130-700 ms, where the search index answers in 12. So:
   * - common among the newest: they are walked, at most `walkRows` of them, which holds the cap's
   *   worth when at least half match;
   * - otherwise, or when that walk did not settle it: the index finds every match and the newest
   *   are sorted out, in a subquery fenced from the order (`offset 0`) so that the planner cannot
   *   turn it back into the unbounded walk.
   */
  async function newestOnPostgres(
    filters: RawBuilder<unknown>[],
    eachWord: RawBuilder<unknown>,
    indexed: RawBuilder<unknown>[],
    f: ListFilters,
  ): Promise<Found> {
    const recency = sql`b.created_at desc, b.id desc`;
    const scope = sql.join(filters, sql` and `);
    const newest = (rows: number) => sql`(select b.id, b.search_title, b.created_at, b.search_vector, b.page_vector
      from bookmark b where ${scope} order by ${recency} limit ${rows}) b`;
    const { rows: looked } = await sql<Candidate & { hit: boolean | null }>`select b.id, b.search_title,
      b.created_at, (${eachWord}) as hit from ${newest(probeRows)}`.execute(db);
    const hits = looked
      .filter((r) => r.hit)
      .map(({ id, search_title, created_at }) => ({ id, search_title, created_at }));
    // No more bookmarks than the look took: its matches are all there are (fewer than the cap).
    if (looked.length < probeRows) return { capped: false, candidates: hits };
    if (hits.length * 2 >= looked.length) {
      const walked = await fromTable(newest(walkRows), [eachWord], recency, f);
      if (walked.capped) return walked;
      const beyond = await sql`select 1 from bookmark b where ${scope} order by ${recency}
        offset ${walkRows} limit 1`.execute(db);
      if (!beyond.rows.length) return walked;
    }
    const matches = sql`(select b.id, b.search_title, b.created_at from bookmark b
      where ${sql.join([...filters, ...indexed], sql` and `)} offset 0) b`;
    return fromTable(matches, [sql`true`], recency, f);
  }

  /** SQLite, the owner's whole library: the matches' rowids from the index alone, newest first. */
  async function fromIndex(userId: string, match: RawBuilder<unknown>, f: ListFilters): Promise<Found> {
    const inIndex = await sql<{ rowid: number }>`select rowid from bookmark_fts where ${match}
      order by rowid desc limit ${searchMatchCap + 1}`.execute(db);
    const rowids = inIndex.rows.map((r) => r.rowid);
    if (rowids.length > searchMatchCap)
      return {
        capped: true,
        page: { key: 'rowid', values: rowids.slice(f.offset, Math.min(f.offset + f.limit, searchMatchCap)) },
      };
    const candidates = await sql<Candidate>`select id, search_title, created_at from bookmark
      where owner = ${ownerOf(userId)} and rowid in (select value from json_each(${JSON.stringify(rowids)}))`.execute(
      db,
    );
    return { capped: false, candidates: candidates.rows };
  }

  /**
   * The newest matches up to the cap, and how many there are (up to the cap plus one), in one
   * statement. Past the cap only the page's rows come back: the rest are neither ranked nor shown,
   * and a common word's thousand rows were most of what the query sent.
   */
  async function fromTable(
    source: RawBuilder<unknown>,
    filters: RawBuilder<unknown>[],
    recency: RawBuilder<unknown>,
    f: ListFilters,
  ): Promise<Found> {
    const last = Math.min(f.offset + f.limit, searchMatchCap);
    // Past the cap: the page's rows, and the first, which says so even when the page is past the end.
    const { rows } = await sql<Candidate & { n: number | string; found: number | string }>`with m as (
        select b.id, b.search_title, b.created_at, row_number() over (order by ${recency}) as n from ${source}
        where ${sql.join(filters, sql` and `)} order by ${recency} limit ${searchMatchCap + 1}),
      c as (select count(*) as found from m)
      select m.id, m.search_title, m.created_at, m.n, c.found from m cross join c
      where c.found <= ${searchMatchCap} or m.n = 1 or (m.n > ${f.offset} and m.n <= ${last})
      order by m.n`.execute(db);
    if (rows.length && Number(rows[0]!.found) > searchMatchCap) {
      const page = rows.filter((r) => Number(r.n) > f.offset && Number(r.n) <= last).map((r) => r.id);
      return { capped: true, page: { key: 'id', values: page } };
    }
    return {
      capped: false,
      candidates: rows.map(({ id, search_title, created_at }) => ({ id, search_title, created_at })),
    };
  }

  /** A page of results, each row with its saved page's head (`pageHeadColumns`) when the search looks in pages. */
  type WithHead = BookmarkRow & { page_head: string | null; page_cut: unknown; page_dotted: unknown };

  /** The page's rows in the page's order, each with its saved page's head when the search looks in pages. */
  async function pageRows(userId: string, page: Page, inPages: boolean): Promise<WithHead[]> {
    if (!page.values.length) return [];
    const mine = rowsQuery().where('bookmark.owner', '=', ownerOf(userId));
    const keyed =
      page.key === 'id'
        ? mine.where('bookmark.id', 'in', page.values).select(sql<string | number>`bookmark.id`.as('page_key'))
        : mine
            .where(sql<number>`bookmark.rowid`, 'in', page.values)
            .select(sql<string | number>`bookmark.rowid`.as('page_key'));
    const head = pageHeadColumns(dialect, 'bookmark_copy.text');
    const rows = await (
      inPages
        ? keyed
            .leftJoin('bookmark_copy', 'bookmark_copy.bookmark_id', 'bookmark.id')
            .select([head.head.as('page_head'), head.cut.as('page_cut'), head.dotted.as('page_dotted')])
        : keyed.select([
            sql<string | null>`null`.as('page_head'),
            sql<null>`null`.as('page_cut'),
            sql<null>`null`.as('page_dotted'),
          ])
    ).execute();
    const byKey = new Map(rows.map(({ page_key, ...row }) => [String(page_key), row as WithHead]));
    return page.values.flatMap((v) => byKey.get(String(v)) ?? []);
  }

  /**
   * A page of results without the page heads they were read with, each with the passage of its
   * saved page where the words are (when the search looks in pages); a page whose head does not
   * settle its passage is read whole.
   */
  async function withSnippets(
    userId: string,
    rows: WithHead[],
    words: string[],
    inPages: boolean,
  ): Promise<BookmarkRow[]> {
    const heads = new Map<string, PageText>();
    const plain = rows.map(({ page_head, page_cut, page_dotted, ...row }) => {
      const page = pageHead(page_head, page_cut, page_dotted);
      if (page) heads.set(row.id, page);
      return row as BookmarkRow;
    });
    if (!inPages) return plain;
    return passagesFromHeads(plain, heads, words, async (ids) => {
      const texts = await db
        .selectFrom('bookmark_copy')
        .innerJoin('bookmark', 'bookmark.id', 'bookmark_copy.bookmark_id')
        .select(['bookmark_copy.bookmark_id', 'bookmark_copy.text'])
        .where('bookmark.owner', '=', ownerOf(userId))
        .where('bookmark_copy.bookmark_id', 'in', ids)
        .execute();
      return new Map(texts.map((t) => [t.bookmark_id, t.text]));
    });
  }
}
