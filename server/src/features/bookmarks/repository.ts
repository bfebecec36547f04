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
import { searchMatchCap, searchTokens, titleScore } from '@linkhive/shared/domain';

export const bookmarkColumns = [
  'bookmark.id',
  'bookmark.user_id',
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

export type BookmarkRow = Omit<Selectable<BookmarkTable>, 'search_title' | 'search_rest'> & {
  screenshot_status: string | null;
  screenshot_file: string | null;
};

export interface ListFilters {
  q?: string;
  category?: string;
  favourite?: boolean;
  limit: number;
  offset: number;
}

/** Every query takes the owner's id: a bookmark of another user is simply not found. */
export function bookmarkRepository(db: Kysely<Database>, dialect: Dialect) {
  const withScreenshot = () =>
    db
      .selectFrom('bookmark')
      .leftJoin('screenshot', 'screenshot.domain', 'bookmark.domain')
      .select(bookmarkColumns)
      .select(['screenshot.status as screenshot_status', 'screenshot.file as screenshot_file']);

  function matching(userId: string, f: Omit<ListFilters, 'limit' | 'offset'>) {
    return (eb: ExpressionBuilder<Database, 'bookmark'>) => {
      const conds: Expression<SqlBool>[] = [eb('bookmark.user_id', '=', userId)];
      if (f.category) conds.push(eb('bookmark.category', '=', f.category));
      if (f.favourite !== undefined) conds.push(eb('bookmark.favourite', '=', f.favourite ? 1 : 0));
      return eb.and(conds);
    };
  }
  /**
   * Full-text search as the user types: the words before the last are complete, the last is
   * matched as a prefix (a prefix on every word would merge whole word lists on each query).
   * One pass over the index takes at most the cap (plus one) of matches, newest saved first; up
   * to the cap they are ranked by how well the title answers, past it the newest are shown and
   * the total reads '1,000+', so a broad prefix never ranks or counts a whole library.
   * Adapter: FTS5 on SQLite, tsvector on Postgres, over the same words.
   */
  async function search(userId: string, words: string[], f: ListFilters) {
    const filters = [
      sql`b.user_id = ${userId}`,
      ...(f.category ? [sql`b.category = ${f.category}`] : []),
      ...(f.favourite !== undefined ? [sql`b.favourite = ${f.favourite ? 1 : 0}`] : []),
    ];
    const narrowed = filters.length > 1;
    let source: RawBuilder<unknown>;
    let recency: RawBuilder<unknown>;
    let ftsMatch: RawBuilder<unknown> | null = null;
    if (dialect === 'sqlite') {
      const owner = `o${Buffer.from(userId, 'utf8').toString('hex')}`;
      const terms = words.map((w, i) => (i === words.length - 1 ? `"${w}"*` : `"${w}"`));
      const match = `owner : "${owner}" AND {search_title search_rest} : (${terms.join(' AND ')})`;
      source = sql`bookmark_fts f join bookmark b on b.rowid = f.rowid`;
      ftsMatch = sql`bookmark_fts match ${match}`;
      filters.push(ftsMatch);
      recency = sql`f.rowid desc`;
    } else {
      const query = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
      source = sql`bookmark b`;
      filters.push(sql`b.search_vector @@ to_tsquery('simple', ${query})`);
      recency = sql`b.created_at desc, b.id`;
    }
    type Candidate = { id: string; search_title: string; created_at: string };
    let candidates: Candidate[];
    if (ftsMatch && !narrowed) {
      // Without category or favourite filters the owner word scopes the index, so the index alone
      // says whether the query is past the cap; then only the rows to rank or show are read.
      const inIndex = await sql<{ rowid: number }>`select rowid from bookmark_fts where ${ftsMatch}
        order by rowid desc limit ${searchMatchCap + 1}`.execute(db);
      const rowids = inIndex.rows.map((r) => r.rowid);
      if (rowids.length > searchMatchCap) {
        const page = rowids.slice(f.offset, Math.min(f.offset + f.limit, searchMatchCap));
        const rows = page.length
          ? await withScreenshot()
              .select(sql<number>`bookmark.rowid`.as('rowid'))
              .where('bookmark.user_id', '=', userId)
              .where(sql<number>`bookmark.rowid`, 'in', page)
              .execute()
          : [];
        const byRowid = new Map(rows.map(({ rowid, ...row }) => [rowid, row as BookmarkRow]));
        return { rows: page.flatMap((r) => byRowid.get(r) ?? []), total: searchMatchCap, capped: true };
      }
      candidates = (
        await sql<Candidate>`select id, search_title, created_at from bookmark
          where user_id = ${userId} and rowid in (select value from json_each(${JSON.stringify(rowids)}))`.execute(db)
      ).rows;
    } else {
      candidates = (
        await sql<Candidate>`select b.id, b.search_title, b.created_at from ${source}
          where ${sql.join(filters, sql` and `)} order by ${recency} limit ${searchMatchCap + 1}`.execute(db)
      ).rows;
    }
    const capped = candidates.length > searchMatchCap;
    const matches = candidates.slice(0, searchMatchCap);
    if (!capped) {
      const score = new Map(matches.map((m) => [m.id, titleScore(words, m.search_title)]));
      matches.sort(
        (x, y) =>
          score.get(y.id)! - score.get(x.id)! ||
          (x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : 0) ||
          (x.id < y.id ? -1 : 1),
      );
    }
    const pageIds = matches.slice(f.offset, f.offset + f.limit).map((m) => m.id);
    const rows = pageIds.length
      ? await withScreenshot().where('bookmark.user_id', '=', userId).where('bookmark.id', 'in', pageIds).execute()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r as BookmarkRow]));
    return {
      rows: pageIds.flatMap((id) => byId.get(id) ?? []),
      total: matches.length,
      capped,
    };
  }

  const countBase = () => db.selectFrom('bookmark').select((eb) => eb.fn.countAll<number>().as('total'));

  return {
    async insert(row: Selectable<BookmarkTable>) {
      await db.insertInto('bookmark').values(row).execute();
    },
    find(userId: string, id: string) {
      return withScreenshot().where('bookmark.user_id', '=', userId).where('bookmark.id', '=', id).executeTakeFirst();
    },
    findByLinkKey(userId: string, linkKey: string) {
      return db
        .selectFrom('bookmark')
        .select(['id', 'category'])
        .where('user_id', '=', userId)
        .where('link_key', '=', linkKey)
        .executeTakeFirst();
    },
    async update(userId: string, id: string, changes: Partial<Selectable<BookmarkTable>>) {
      const res = await db
        .updateTable('bookmark')
        .set(changes)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async remove(userId: string, ids: string[]) {
      const res = await db
        .deleteFrom('bookmark')
        .where('user_id', '=', userId)
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
          .orderBy('bookmark.created_at', 'desc')
          .orderBy('bookmark.id')
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
        .where('user_id', '=', userId)
        .groupBy('category')
        .orderBy('category')
        .execute();
    },
    suggested() {
      return db.selectFrom('category_suggestion').select('name').orderBy('name').execute();
    },
  };
}

export type BookmarkRepository = ReturnType<typeof bookmarkRepository>;
