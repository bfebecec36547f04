import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { BookmarkTable, Database } from '../../db/schema.js';

export type BookmarkRow = Selectable<BookmarkTable> & {
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
export function bookmarkRepository(db: Kysely<Database>) {
  const withScreenshot = () =>
    db
      .selectFrom('bookmark')
      .leftJoin('screenshot', 'screenshot.domain', 'bookmark.domain')
      .selectAll('bookmark')
      .select(['screenshot.status as screenshot_status', 'screenshot.file as screenshot_file']);

  function matching(userId: string, f: Omit<ListFilters, 'limit' | 'offset'>) {
    return (eb: ExpressionBuilder<Database, 'bookmark'>) => {
      const conds: Expression<SqlBool>[] = [eb('bookmark.user_id', '=', userId)];
      if (f.category) conds.push(eb('bookmark.category', '=', f.category));
      if (f.favourite !== undefined) conds.push(eb('bookmark.favourite', '=', f.favourite ? 1 : 0));
      if (f.q) {
        // Case-insensitive on both engines; issue 5 replaces this with a full-text index.
        const pattern = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(
          eb.or([
            sql<SqlBool>`lower(${sql.ref('bookmark.title')}) like ${pattern} escape '\\'`,
            sql<SqlBool>`lower(${sql.ref('bookmark.link')}) like ${pattern} escape '\\'`,
          ]),
        );
      }
      return eb.and(conds);
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
    async list(userId: string, f: ListFilters): Promise<{ rows: BookmarkRow[]; total: number }> {
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
      return { rows: rows as BookmarkRow[], total: Number(count.total) };
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
