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

    /** Takes a bookmark's copy away (its address changed: the copy is of another page). */
    async remove(bookmarkId: string): Promise<void> {
      await db.deleteFrom('bookmark_copy').where('bookmark_id', '=', bookmarkId).execute();
    },

    /**
     * Keeps a copy of the page at `link`, replacing an older one, if the bookmark still has that
     * address: one deleted, or moved to another address, while its page was read gets nothing
     * (rather than failing on the foreign key, or keeping a copy of the wrong page).
     */
    async save(copy: CopyRow, link: string): Promise<void> {
      await db
        .insertInto('bookmark_copy')
        .columns(Object.keys(copy) as (keyof CopyRow)[])
        .expression((eb) =>
          eb
            .selectFrom('bookmark')
            .select(Object.entries(copy).map(([column, value]) => eb.val(value).as(column)))
            .where('bookmark.id', '=', copy.bookmark_id)
            .where('bookmark.link', '=', link),
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
