import type { Kysely, Selectable } from 'kysely';
import type { BookmarkCopyTable, Database } from '../../db/schema.js';
import { ownerOf } from '../bookmarks/repository.js';

export type CopyRow = Selectable<BookmarkCopyTable>;

/** The readable copies, one a bookmark. Reads take the owner's id: another user's copy is not found. */
export function copyRepository(db: Kysely<Database>) {
  return {
    /** The copy of one of the user's bookmarks, or undefined (no such bookmark, or no copy yet). */
    find(userId: string, bookmarkId: string): Promise<CopyRow | undefined> {
      return db
        .selectFrom('bookmark_copy')
        .innerJoin('bookmark', 'bookmark.id', 'bookmark_copy.bookmark_id')
        .selectAll('bookmark_copy')
        .where('bookmark.id', '=', bookmarkId)
        .where('bookmark.owner', '=', ownerOf(userId))
        .executeTakeFirst();
    },

    /** The link the crawler is to read for a bookmark, or undefined once the bookmark is gone. */
    linkOf(bookmarkId: string): Promise<{ link: string } | undefined> {
      return db.selectFrom('bookmark').select('link').where('id', '=', bookmarkId).executeTakeFirst();
    },

    /**
     * Keeps a copy, replacing an older one. A bookmark deleted while its page was read has no row to
     * copy for: the insert adds nothing then, rather than failing on the foreign key.
     */
    async save(copy: CopyRow): Promise<void> {
      await db
        .insertInto('bookmark_copy')
        .columns(Object.keys(copy) as (keyof CopyRow)[])
        .expression((eb) =>
          eb
            .selectFrom('bookmark')
            .select(Object.entries(copy).map(([column, value]) => eb.val(value).as(column)))
            .where('bookmark.id', '=', copy.bookmark_id),
        )
        .onConflict((oc) =>
          oc.column('bookmark_id').doUpdateSet((eb) =>
            Object.fromEntries(
              Object.keys(copy)
                .filter((c) => c !== 'bookmark_id')
                .map((c) => [c, eb.ref(`excluded.${c}` as any)]),
            ),
          ),
        )
        .execute();
    },
  };
}

export type CopyRepository = ReturnType<typeof copyRepository>;
