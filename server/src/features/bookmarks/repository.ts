import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type { BookmarkTable, Database } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import { ownerTag } from '../../db/search-index-words.js';
import { linkHealthIs } from '../link-health/repository.js';
import { ownerOf, searchWords } from './row-values.js';
import {
  withPassages,
  searchMatchCap,
  searchTokens,
  titleScore,
  type LinkHealthValue,
  type SearchScope,
  type Snippet,
} from '@linkhive/shared/domain';

export { newId, newIds, ownerOf, searchWords } from './row-values.js';

/** A bookmark as a source of the RSS page. */
export interface FeedSourceRow {
  id: string;
  title: string;
  category: string;
  rss_feed: string;
}

/** Where the export's last page ended: its rows go by category, then date, then id. */
export interface ExportCursor {
  category: string;
  created_at: string;
  id: string;
}

export const bookmarkColumns = [
  'bookmark.id',
  'bookmark.title',
  'bookmark.link',
  'bookmark.link_key',
  'bookmark.domain',
  'bookmark.category',
  'bookmark.favourite',
  'bookmark.rss_feed',
  'bookmark.promotor',
  'bookmark.created_at',
  'bookmark.updated_at',
] as const;

/** A bookmark as the service makes it: the repository adds its owner's number and search words. */
export type NewBookmark = Omit<
  Selectable<BookmarkTable>,
  'owner' | 'search_title' | 'search_rest' | 'page_vector' | 'import_id' | 'read_state' | 'read_at' | 'read_failures'
>;

/** What a bookmark's row gives the service: its own columns, without the owner's number or search words. */
export type BookmarkRow = Omit<
  Selectable<BookmarkTable>,
  'owner' | 'search_title' | 'search_rest' | 'page_vector' | 'import_id' | 'read_state' | 'read_at' | 'read_failures'
> & {
  screenshot_status: string | null;
  screenshot_file: string | null;
  /** The last check of its present address (features/link-health), if any. */
  link_health: LinkHealthValue | null;
  link_final_url: string | null;
  /** A search's result: where its words are in the saved page. */
  snippet?: Snippet;
};

export interface ListFilters {
  q?: string;
  /** Where `q` looks; everywhere by default. */
  in?: SearchScope;
  /** Only bookmarks whose link is in this state (features/link-health). */
  health?: LinkHealthValue;
  category?: string;
  favourite?: boolean;
  limit: number;
  offset: number;
}

/**
 * Postgres: the search vector of a bookmark, its title and address's with its saved page's words.
 * Written exactly as the search index's expression (migrations/20261128T1700_page_search), which
 * Postgres uses only for the same expression.
 */
const bookmarkSearchVector = sql`(b.search_vector || coalesce(b.page_vector, ''::tsvector))`;

/** Every query takes the owner's id: a bookmark of another user is simply not found. */
export function bookmarkRepository(db: Kysely<Database>, dialect: Dialect) {
  const withScreenshot = () =>
    db
      .selectFrom('bookmark')
      .leftJoin('screenshot', 'screenshot.domain', 'bookmark.domain')
      // The last check of the present address: one of an older address says nothing of this one.
      .leftJoin('link_check', (join) =>
        join.onRef('link_check.bookmark_id', '=', 'bookmark.id').onRef('link_check.link', '=', 'bookmark.link'),
      )
      .select(bookmarkColumns)
      .select([
        'screenshot.status as screenshot_status',
        'screenshot.file as screenshot_file',
        'link_check.health as link_health',
        'link_check.final_url as link_final_url',
      ]);

  function matching(userId: string, f: Omit<ListFilters, 'limit' | 'offset'>) {
    return (eb: ExpressionBuilder<Database, 'bookmark'>) => {
      const conds: Expression<SqlBool>[] = [eb('bookmark.owner', '=', ownerOf(userId))];
      if (f.category) conds.push(eb('bookmark.category', '=', f.category));
      if (f.favourite !== undefined) conds.push(eb('bookmark.favourite', '=', f.favourite ? 1 : 0));
      if (f.health) conds.push(linkHealthIs(f.health));
      return eb.and(conds);
    };
  }
  /**
   * Full-text search as the user types: the words before the last are complete, the last is
   * matched as a prefix (a prefix on every word would merge whole word lists on each query).
   * One pass over the index takes at most the cap (plus one) of matches, newest saved first; up
   * to the cap they are ranked by how well the title answers, past it the newest are shown and
   * the total reads '1,000+', so a broad prefix never ranks or counts a whole library.
   * Adapter: FTS5 on SQLite, tsvector on Postgres, over the same words. The words may be found in
   * the title, the address or the saved page's text, or with `in: 'title'` in the title alone.
   */
  async function search(userId: string, words: string[], f: ListFilters) {
    const inPages = f.in !== 'title';
    const filters = [
      sql`b.owner = ${ownerOf(userId)}`,
      ...(f.category ? [sql`b.category = ${f.category}`] : []),
      ...(f.favourite !== undefined ? [sql`b.favourite = ${f.favourite ? 1 : 0}`] : []),
      ...(f.health ? [linkHealthIs(f.health, 'b')] : []),
    ];
    const narrowed = filters.length > 1;
    let source: RawBuilder<unknown>;
    let recency: RawBuilder<unknown>;
    let ftsMatch: RawBuilder<unknown> | null = null;
    if (dialect === 'sqlite') {
      // The index holds each word with its owner's tag in front: the query reads this owner's words.
      const owner = await db.selectFrom('owner').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (!owner) return { rows: [], total: 0, capped: false };
      const tag = ownerTag(owner.id);
      const terms = words.map((w, i) => (i === words.length - 1 ? `"${tag}${w}"*` : `"${tag}${w}"`));
      source = sql`bookmark_fts f join bookmark b on b.rowid = f.rowid`;
      const columns = inPages ? '{search_title search_rest search_page}' : '{search_title}';
      ftsMatch = sql`bookmark_fts match ${`${columns} : (${terms.join(' AND ')})`}`;
      filters.push(ftsMatch);
      recency = sql`f.rowid desc`;
    } else {
      const query = (weight: string) =>
        words.map((w, i) => (i === words.length - 1 ? `${w}:*${weight}` : `${w}:${weight}`)).join(' & ');
      source = sql`bookmark b`;
      filters.push(sql`${bookmarkSearchVector} @@ to_tsquery('simple', ${query('')})`);
      // The title's words are weighted A in the title-and-address vector (the page's have no weight,
      // which a weighted query would match): the index finds the rows, this keeps title matches.
      if (!inPages) filters.push(sql`b.search_vector @@ to_tsquery('simple', ${query('A')})`);
      recency = sql`b.created_at desc, b.id desc`;
    }
    type Candidate = { id: string; search_title: string; created_at: string };
    let candidates: Candidate[];
    /** How many matched, up to the cap plus one, when `candidates` holds only the page's rows. */
    let foundCount: number | undefined;
    if (ftsMatch && !narrowed) {
      // Without category or favourite filters the owner's tags scope the index, so the index alone
      // says whether the query is past the cap; then only the rows to rank or show are read.
      const inIndex = await sql<{ rowid: number }>`select rowid from bookmark_fts where ${ftsMatch}
        order by rowid desc limit ${searchMatchCap + 1}`.execute(db);
      const rowids = inIndex.rows.map((r) => r.rowid);
      if (rowids.length > searchMatchCap) {
        const page = rowids.slice(f.offset, Math.min(f.offset + f.limit, searchMatchCap));
        const rows = page.length
          ? await withPageText(withScreenshot(), inPages)
              .select(sql<number>`bookmark.rowid`.as('rowid'))
              .where('bookmark.owner', '=', ownerOf(userId))
              .where(sql<number>`bookmark.rowid`, 'in', page)
              .execute()
          : [];
        const byRowid = new Map(rows.map((row) => [row.rowid, row]));
        return {
          rows: withSnippets(
            page.flatMap((r) => byRowid.get(r) ?? []),
            words,
            inPages,
          ),
          total: searchMatchCap,
          capped: true,
        };
      }
      candidates = (
        await sql<Candidate>`select id, search_title, created_at from bookmark
          where owner = ${ownerOf(userId)} and rowid in (select value from json_each(${JSON.stringify(rowids)}))`.execute(
          db,
        )
      ).rows;
    } else {
      // The newest matches up to the cap, and how many there are (up to the cap plus one). Past the
      // cap only the page's rows come back: the rest are neither ranked nor shown, and a common
      // word's thousand rows were most of what the query sent.
      const shown = f.offset + f.limit;
      const found = (
        await sql<Candidate & { n: number | string; found: number | string }>`with m as (
            select b.id, b.search_title, b.created_at, row_number() over (order by ${recency}) as n from ${source}
            where ${sql.join(filters, sql` and `)} order by ${recency} limit ${searchMatchCap + 1}),
          c as (select count(*) as found from m)
          select m.id, m.search_title, m.created_at, m.n, c.found from m cross join c
          where c.found <= ${searchMatchCap} or m.n <= ${shown} order by m.n`.execute(db)
      ).rows;
      candidates = found;
      foundCount = found.length ? Number(found[0]!.found) : 0;
    }
    const capped = (foundCount ?? candidates.length) > searchMatchCap;
    const matches = candidates.slice(0, searchMatchCap);
    if (!capped) {
      const score = new Map(matches.map((m) => [m.id, titleScore(words, m.search_title)]));
      matches.sort(
        (x, y) =>
          score.get(y.id)! - score.get(x.id)! ||
          (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0) ||
          (x.id < y.id ? 1 : -1),
      );
    }
    const pageIds = matches.slice(f.offset, f.offset + f.limit).map((m) => m.id);
    const rows = pageIds.length
      ? await withPageText(withScreenshot(), inPages)
          .where('bookmark.owner', '=', ownerOf(userId))
          .where('bookmark.id', 'in', pageIds)
          .execute()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const total = capped ? searchMatchCap : matches.length;
    return {
      rows: withSnippets(
        pageIds.flatMap((id) => byId.get(id) ?? []),
        words,
        inPages,
      ),
      total,
      capped,
    };
  }

  /** With the saved page's text beside each row (in the same statement), when the search looks in pages. */
  function withPageText(query: ReturnType<typeof withScreenshot>, inPages: boolean) {
    return query
      .leftJoin('bookmark_copy', (join) =>
        inPages ? join.onRef('bookmark_copy.bookmark_id', '=', 'bookmark.id') : join.on(sql<boolean>`false`),
      )
      .select('bookmark_copy.text as page_text');
  }

  /**
   * A page of results without the page texts they were read with, each with the passage of its
   * saved page where the words are (when the search looks in pages).
   */
  function withSnippets(
    rows: (BookmarkRow & { page_text: string | null; rowid?: number })[],
    words: string[],
    inPages: boolean,
  ): BookmarkRow[] {
    const texts = new Map<string, string>();
    const plain = rows.map(({ page_text, rowid: _rowid, ...row }) => {
      if (page_text) texts.set(row.id, page_text);
      return row as BookmarkRow;
    });
    return inPages ? withPassages(plain, texts, words) : plain;
  }

  const feedSourceQuery = (userId: string) =>
    db
      .selectFrom('bookmark')
      .select(['id', 'title', 'category', 'rss_feed'])
      .where('owner', '=', ownerOf(userId))
      .where('rss_feed', 'is not', null)
      .where('rss_feed', '<>', '');

  const countBase = () => db.selectFrom('bookmark').select((eb) => eb.fn.countAll<number>().as('total'));

  return {
    searchWords: (b: { title: string; link: string; domain: string; category: string }) => searchWords(dialect, b),
    /** Saves a new bookmark of the user's, with its search words; its page is still to be read. */
    async insert(userId: string, row: NewBookmark) {
      await db
        .insertInto('bookmark')
        .values({ ...row, owner: ownerOf(userId), ...searchWords(dialect, row) })
        .execute();
    },
    find(userId: string, id: string) {
      return withScreenshot()
        .where('bookmark.owner', '=', ownerOf(userId))
        .where('bookmark.id', '=', id)
        .executeTakeFirst();
    },
    findByLinkKey(userId: string, linkKey: string) {
      return db
        .selectFrom('bookmark')
        .select(['id', 'category'])
        .where('owner', '=', ownerOf(userId))
        .where('link_key', '=', linkKey)
        .executeTakeFirst();
    },
    async update(userId: string, id: string, changes: Partial<Selectable<BookmarkTable>>) {
      const res = await db
        .updateTable('bookmark')
        .set(changes)
        .where('owner', '=', ownerOf(userId))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async remove(userId: string, ids: string[]) {
      const res = await db
        .deleteFrom('bookmark')
        .where('owner', '=', ownerOf(userId))
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
    async list(userId: string, f: ListFilters): Promise<{ rows: BookmarkRow[]; total: number; capped: boolean }> {
      const words = f.q ? searchTokens(f.q) : [];
      if (words.length) return search(userId, words, f);
      const where = matching(userId, f);
      const [rows, count] = await Promise.all([
        withScreenshot()
          .where(where)
          // The owner's index holds this whole order (read backwards): no page sorts rows.
          .orderBy('bookmark.created_at', 'desc')
          .orderBy('bookmark.id', 'desc')
          .limit(f.limit)
          .offset(f.offset)
          .execute(),
        countBase().where(where).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as BookmarkRow[], total: Number(count.total), capped: false };
    },
    categories(userId: string) {
      return db
        .selectFrom('bookmark')
        .select(['category as name', (eb) => eb.fn.countAll<number>().as('count')])
        .where('owner', '=', ownerOf(userId))
        .groupBy('category')
        .orderBy('category')
        .execute();
    },
    /** Whether the user has a bookmark in this category, named exactly so. */
    async hasCategory(userId: string, name: string): Promise<boolean> {
      const row = await db
        .selectFrom('bookmark')
        .select('id')
        .where('owner', '=', ownerOf(userId))
        .where('category', '=', name)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    suggested() {
      return db.selectFrom('category_suggestion').select('name').orderBy('name').execute();
    },

    /** The user's bookmarks with an RSS address, newest first: the order a free account loads them in. */
    async feedSources(userId: string): Promise<FeedSourceRow[]> {
      const rows = await feedSourceQuery(userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows as FeedSourceRow[];
    },

    async feedSource(userId: string, id: string): Promise<FeedSourceRow | undefined> {
      return (await feedSourceQuery(userId).where('id', '=', id).executeTakeFirst()) as FeedSourceRow | undefined;
    },

    /** Whether the user has this bookmark at all. */
    async exists(userId: string, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('bookmark')
        .select('id')
        .where('owner', '=', ownerOf(userId))
        .where('id', '=', id)
        .executeTakeFirst();
      return !!row;
    },

    /** One page of the export, in folder order, after the row that ended the page before. */
    exportPage(userId: string, after: ExportCursor | null, limit: number) {
      let q = db
        .selectFrom('bookmark')
        .select(['id', 'title', 'link', 'category', 'favourite', 'rss_feed', 'created_at', 'updated_at'])
        .where('owner', '=', ownerOf(userId))
        .orderBy('category')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit);
      // A row-value keyset on the (owner, category, created_at, id) index: the database seeks to the
      // page's start and reads on in order, sorting nothing. The equivalent OR of three cases made
      // SQLite read the rest of the user's rows and sort them again for every page (quadratic).
      if (after)
        q = q.where((eb) =>
          eb(eb.refTuple('category', 'created_at', 'id'), '>', eb.tuple(after.category, after.created_at, after.id)),
        );
      return q.execute();
    },
  };
}

export type BookmarkRepository = ReturnType<typeof bookmarkRepository>;
