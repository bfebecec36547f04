import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedCacheTable } from '../../db/schema.js';

export type FeedCacheRow = Selectable<FeedCacheTable>;

/** The feed cache, keyed by address: it holds no user data. A user's sources are bookmarks (bookmarks/repository.ts). */
export function feedRepository(db: Kysely<Database>) {
  return {
    async cached(urls: string[]): Promise<FeedCacheRow[]> {
      if (!urls.length) return [];
      return db.selectFrom('feed_cache').selectAll().where('url', 'in', urls).execute();
    },

    /**
     * Marks a feed failed without touching its items or validators, which another process may
     * have refreshed since this one read them.
     */
    async saveFailure(row: FeedCacheRow): Promise<void> {
      const { status, error, checked_at } = row;
      await db
        .insertInto('feed_cache')
        .values(row)
        .onConflict((oc) => oc.column('url').doUpdateSet({ status, error, checked_at }))
        .execute();
    },

    /** Writes a feed's whole row; a 304 passes the stored items and validators back in. */
    async save(row: FeedCacheRow): Promise<void> {
      const { url: _url, ...rest } = row;
      await db
        .insertInto('feed_cache')
        .values(row)
        .onConflict((oc) => oc.column('url').doUpdateSet(rest))
        .execute();
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
