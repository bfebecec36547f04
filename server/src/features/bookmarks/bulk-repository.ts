import { CompiledQuery, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { BookmarkTable, Database } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import { ownerOf } from './row-values.js';

/**
 * A bookmark's own columns, as set aside and put back (Postgres's generated search vector is not;
 * SQLite's row keeps no words of the address).
 */
const columns = [
  'id',
  'owner',
  'title',
  'link',
  'link_key',
  'domain',
  'category',
  'favourite',
  'rss_feed',
  'promotor',
  'created_at',
  'updated_at',
  'search_title',
  'import_id',
] as const satisfies ReadonlyArray<keyof BookmarkTable>;
export const storedColumns = (dialect: Dialect) =>
  dialect === 'postgres' ? [...columns, 'search_rest' as const] : [...columns];

export type StoredBookmark = Selectable<BookmarkTable>;

/**
 * The bookmark rows an import writes, many at a time: its slices, the rows an overwriting import
 * sets aside, and the taking out of a failed import. The bookmarks feature owns every write to
 * `bookmark`; the import decides when, inside its own transactions (`db` is the transaction).
 */
export function bookmarkBulkRepository() {
  /**
   * SQL texts of the slice insert by row count and columns. Kysely builds and compiles a 2,000-row
   * insert (26,000 values) anew each time, about 10 ms a slice on a 2-core machine, a tenth of a
   * 50,000-link import; the text depends only on the slice's size and columns, so it is made once
   * and each slice binds its own values.
   */
  const sliceInserts = new Map<string, string>();

  return {
    /** Inserts rows, keeping any address the user already has; answers how many were added. */
    async insertNew(db: Kysely<Database>, rows: Insertable<BookmarkTable>[]): Promise<number> {
      const names = Object.keys(rows[0]!);
      // Plain loops into one array: a slice is 26,000 values, and a closure and an array a row
      // (flatMap) cost about 4 ms a slice, a tenth of a second in a 50,000-link import.
      const values: unknown[] = new Array(rows.length * names.length);
      let missing = false;
      for (let r = 0, v = 0; r < rows.length; r++) {
        const row = rows[r] as Record<string, unknown>;
        for (let c = 0; c < names.length; c++, v++) {
          const value = row[names[c]!];
          if (value === undefined) missing = true;
          values[v] = value;
        }
      }
      // Kysely writes DEFAULT for a missing value, which the cached text would not: those rows go its way.
      const shape = missing ? null : `${rows.length}:${names.join()}`;
      let text = shape && sliceInserts.get(shape);
      if (!text) {
        const compiled = db
          .insertInto('bookmark')
          .values(rows)
          // An address the user has (saved before, or meanwhile by hand) is kept as it is.
          .onConflict((oc) => oc.columns(['owner', 'link_key']).doNothing())
          .compile();
        if (!shape) return Number((await db.executeQuery(compiled)).numAffectedRows ?? 0);
        text = compiled.sql;
        sliceInserts.set(shape, text);
      }
      return Number((await db.executeQuery(CompiledQuery.raw(text, values))).numAffectedRows ?? 0);
    },

    /** The ids of the user's rows of these addresses (an overwriting import replaces them). */
    async idsByAddress(db: Kysely<Database>, userId: string, linkKeys: string[]): Promise<string[]> {
      const rows = await db
        .selectFrom('bookmark')
        .select('id')
        .where('owner', '=', ownerOf(userId))
        .where('link_key', 'in', linkKeys)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Deletes up to `limit` of the rows an import added; answers how many (0: none are left). */
    async deleteImported(db: Kysely<Database>, userId: string, importId: string, limit: number): Promise<number> {
      const removed = await db
        .deleteFrom('bookmark')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('bookmark')
            .select('id')
            .where('owner', '=', ownerOf(userId))
            .where('import_id', '=', importId)
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },

    /** Puts rows taken out back, unless the user has saved the address again meanwhile. */
    async putBack(db: Kysely<Database>, rows: StoredBookmark[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('bookmark')
        .values(rows)
        .onConflict((oc) => oc.columns(['owner', 'link_key']).doNothing())
        .execute();
    },
  };
}
