import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { BookmarkTable, Database } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import { linkHealthIs } from '../link-health/repository.js';
import { ownerOf, searchWords } from './row-values.js';
import { bookmarkSearch } from './search-query.js';
import { searchTokens, type LinkHealthValue, type SearchScope, type Snippet } from '@linkhive/shared/domain';

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

/** Bookmarks with their screenshot and the last check of their address, as every list reads them. */
export function bookmarkRowsQuery(db: Kysely<Database>) {
  return (
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
      ])
  );
}

/** Every query takes the owner's id: a bookmark of another user is simply not found. */
export function bookmarkRepository(db: Kysely<Database>, dialect: Dialect) {
  const withScreenshot = () => bookmarkRowsQuery(db);
  const search = bookmarkSearch(db, dialect, withScreenshot);

  function matching(userId: string, f: Omit<ListFilters, 'limit' | 'offset'>) {
    return (eb: ExpressionBuilder<Database, 'bookmark'>) => {
      const conds: Expression<SqlBool>[] = [eb('bookmark.owner', '=', ownerOf(userId))];
      if (f.category) conds.push(eb('bookmark.category', '=', f.category));
      if (f.favourite !== undefined) conds.push(eb('bookmark.favourite', '=', f.favourite ? 1 : 0));
      if (f.health) conds.push(linkHealthIs(f.health));
      return eb.and(conds);
    };
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
