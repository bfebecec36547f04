import { sql, type Kysely, type Selectable } from 'kysely';
import { searchText } from '@linkhive/shared/domain';
import type { Dialect } from '../../db/index.js';
import type { BookmarkCopyTable, Database } from '../../db/schema.js';
import { ownerOf } from '../bookmarks/repository.js';

export type CopyRow = Selectable<BookmarkCopyTable>;

/**
 * The readable copies, one a bookmark. Reads take the owner's id: another user's copy is not found.
 * A copy's text is searched with its bookmark: SQLite's index takes it by trigger; on Postgres this
 * writer keeps the bookmark's `page_vector` with the copy (migrations/20261128T1700_page_search).
 */
export function copyRepository(db: Kysely<Database>, dialect: Dialect) {
  /** Postgres: the bookmark's page words, set with its copy (null takes them away). */
  async function setPageWords(q: Kysely<Database>, bookmarkId: string, text: string | null) {
    if (dialect !== 'postgres') return;
    await q
      .updateTable('bookmark')
      .set({ page_vector: text === null ? null : sql<string>`strip(to_tsvector('simple', ${searchText(text)}))` })
      .where('id', '=', bookmarkId)
      .execute();
  }

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

    /**
     * The link the crawler is to read for a bookmark, or undefined once the bookmark is gone or its
     * owner has turned 'Keep readable copies' off.
     */
    linkOf(bookmarkId: string): Promise<{ link: string } | undefined> {
      return db
        .selectFrom('bookmark')
        .innerJoin('owner', 'owner.id', 'bookmark.owner')
        .leftJoin('profile', 'profile.user_id', 'owner.user_id')
        .select('bookmark.link')
        .where('bookmark.id', '=', bookmarkId)
        .where((eb) => eb.or([eb('profile.keep_copies', 'is', null), eb('profile.keep_copies', '=', 1)]))
        .executeTakeFirst();
    },

    /** Takes away every copy of the user's ('Keep readable copies' turned off), and their page words. */
    async removeAllOf(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('bookmark_copy')
          .where('bookmark_id', 'in', (eb) =>
            eb.selectFrom('bookmark').select('id').where('owner', '=', ownerOf(userId)),
          )
          .execute();
        if (dialect === 'postgres')
          await trx
            .updateTable('bookmark')
            .set({ page_vector: null })
            .where('owner', '=', ownerOf(userId))
            .where('page_vector', 'is not', null)
            .execute();
      });
    },

    /** Takes a bookmark's copy away (its address changed: the copy is of another page). */
    async remove(bookmarkId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('bookmark_copy').where('bookmark_id', '=', bookmarkId).execute();
        await setPageWords(trx, bookmarkId, null);
      });
    },

    /**
     * Keeps a copy of the page at `link`, replacing an older one, if the bookmark still has that
     * address: one deleted, or moved to another address, while its page was read gets nothing
     * (rather than failing on the foreign key, or keeping a copy of the wrong page).
     */
    async save(copy: CopyRow, link: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const kept = await trx
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
          .executeTakeFirst();
        if (Number(kept.numInsertedOrUpdatedRows ?? 0) > 0) await setPageWords(trx, copy.bookmark_id, copy.text);
      });
    },
  };
}

export type CopyRepository = ReturnType<typeof copyRepository>;
