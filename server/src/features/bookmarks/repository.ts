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
import { searchMatchCap, searchTokens } from '@linkhive/shared/domain';

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
   * Full-text search, every word matched as a prefix. Counting stops at the cap; past it, the
   * newest matches are shown instead of ranking them all (a broad prefix must stay fast).
   * Adapter: FTS5 on SQLite, tsvector on Postgres, over the same words.
   */
  async function search(userId: string, words: string[], f: ListFilters) {
    const filters = [
      sql`b.user_id = ${userId}`,
      ...(f.category ? [sql`b.category = ${f.category}`] : []),
      ...(f.favourite !== undefined ? [sql`b.favourite = ${f.favourite ? 1 : 0}`] : []),
    ];
    let source: RawBuilder<unknown>;
    let rank: RawBuilder<unknown>;
    let recency: RawBuilder<unknown>;
    if (dialect === 'sqlite') {
      const owner = `o${Buffer.from(userId, 'utf8').toString('hex')}`;
      const match = `owner : "${owner}" AND {search_title search_rest} : (${words.map((w) => `"${w}"*`).join(' AND ')})`;
      source = sql`bookmark_fts f join bookmark b on b.rowid = f.rowid`;
      filters.push(sql`bookmark_fts match ${match}`);
      rank = sql`bm25(bookmark_fts, 0.0, 10.0, 1.0), b.created_at desc`;
      recency = sql`f.rowid desc`;
    } else {
      const query = words.map((w) => `${w}:*`).join(' & ');
      source = sql`bookmark b`;
      filters.push(sql`b.search_vector @@ to_tsquery('simple', ${query})`);
      rank = sql`ts_rank(b.search_vector, to_tsquery('simple', ${query})) desc, b.created_at desc`;
      recency = sql`b.created_at desc`;
    }
    const where = sql.join(filters, sql` and `);
    const counted = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 from ${source} where ${where} limit ${searchMatchCap + 1}) x`.execute(db);
    const n = Number(counted.rows[0]?.n ?? 0);
    const capped = n > searchMatchCap;
    const columns = sql.raw(bookmarkColumns.map((c) => c.replace('bookmark.', 'b.')).join(', '));
    const rows = await sql<BookmarkRow>`select ${columns}, s.status as screenshot_status, s.file as screenshot_file
      from ${source} left join screenshot s on s.domain = b.domain
      where ${where} order by ${capped ? recency : rank} limit ${f.limit} offset ${f.offset}`.execute(db);
    return { rows: rows.rows, total: capped ? searchMatchCap : n, capped };
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
