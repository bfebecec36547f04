import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedCacheTable } from '../../db/schema.js';

export type FeedCacheRow = Selectable<FeedCacheTable>;

export interface SourceRow {
  id: string;
  title: string;
  category: string;
  rss_feed: string;
}

/** Bookmarks are read by owner only; the feed cache is keyed by address and holds no user data. */
export function rssRepository(db: Kysely<Database>) {
  const sourceQuery = (userId: string) =>
    db
      .selectFrom('bookmark')
      .select(['id', 'title', 'category', 'rss_feed'])
      .where('user_id', '=', userId)
      .where('rss_feed', 'is not', null)
      .where('rss_feed', '<>', '');

  return {
    /** The user's bookmarks with an RSS address, newest first: the order a free account loads them in. */
    async sources(userId: string): Promise<SourceRow[]> {
      const rows = await sourceQuery(userId).orderBy('created_at', 'desc').orderBy('id').execute();
      return rows as SourceRow[];
    },

    async source(userId: string, id: string): Promise<SourceRow | undefined> {
      return (await sourceQuery(userId).where('id', '=', id).executeTakeFirst()) as SourceRow | undefined;
    },

    /** Whether the user has this bookmark at all, with or without an RSS address. */
    async ownsBookmark(userId: string, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('bookmark')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return !!row;
    },

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

export type RssRepository = ReturnType<typeof rssRepository>;
