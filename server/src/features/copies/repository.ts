import { sql, type Kysely, type Selectable } from 'kysely';
import { searchText } from '@linkhive/shared/domain';
import type { Dialect } from '../../db/index.js';
import type { BookmarkCopyTable, Database } from '../../db/schema.js';
import { groupPageTagSql, groupPageVectorSql } from '../../db/search-index-words.js';
import { ownerOf } from '../bookmarks/repository.js';

export type CopyRow = Selectable<BookmarkCopyTable>;
/** A copy's own columns, whoever it belongs to (a bookmark, a group link). */
export type CopyFields = Omit<CopyRow, 'bookmark_id'>;

/** Where each kind of link keeps its copy: its table, the copy's key column, the link's table. */
const copyTables = {
  bookmark: { copy: 'bookmark_copy', key: 'bookmark_id', link: 'bookmark' },
  groupLink: { copy: 'group_link_copy', key: 'group_link_id', link: 'group_link' },
} as const;
type CopyKind = keyof typeof copyTables;

/**
 * The readable copies, one a bookmark. Reads take the owner's id: another user's copy is not found.
 * A copy's text is searched with its bookmark: SQLite's index takes it by trigger; on Postgres this
 * writer keeps the bookmark's `page_vector` with the copy (migrations/20261128T1700_page_search).
 */
export function copyRepository(db: Kysely<Database>, dialect: Dialect) {
  /**
   * Postgres: the bookmark's (or group link's) page words, set with its copy (null takes them away).
   * A group link's are tagged with its group's tag (`groupPageVectorSql`).
   */
  async function setPageWords(q: Kysely<Database>, id: string, text: string | null, kind: CopyKind = 'bookmark') {
    if (dialect !== 'postgres') return;
    const words =
      text === null
        ? null
        : kind === 'bookmark'
          ? sql<string>`strip(to_tsvector('simple', ${searchText(text)}))`
          : groupPageVectorSql(groupPageTagSql('group_id'), searchText(text));
    await q.updateTable(copyTables[kind].link).set({ page_vector: words }).where('id', '=', id).execute();
  }

  /**
   * Keeps a copy of the page at `link`, replacing an older one, if the bookmark (or group link) still
   * has that address: one deleted, or moved to another address, while its page was read gets
   * nothing (rather than failing on the foreign key, or keeping a copy of the wrong page).
   */
  async function keep(
    kind: CopyKind,
    id: string,
    fields: CopyFields,
    link: string,
    /** Only while the row is claimed for reading (`read_state` 'reading'): see `save`. */
    whileReading = false,
  ): Promise<void> {
    const t = copyTables[kind];
    const copy: Record<string, unknown> = { [t.key]: id, ...fields };
    // Kysely cannot type a table chosen at run time: the two tables have the same columns but the key.
    const trxOf = (trx: Kysely<Database>) => trx as unknown as Kysely<any>;
    await db.transaction().execute(async (trx) => {
      const kept = await trxOf(trx)
        .insertInto(t.copy)
        .columns(Object.keys(copy))
        .expression((eb) =>
          eb
            .selectFrom(t.link)
            .select(Object.entries(copy).map(([column, value]) => eb.val(value).as(column)))
            .where(`${t.link}.id`, '=', id)
            .where(`${t.link}.link`, '=', link)
            .$if(whileReading, (qb) => qb.where(`${t.link}.read_state`, '=', 'reading')),
        )
        .onConflict((oc) =>
          oc
            .column(t.key)
            .doUpdateSet((eb) => Object.fromEntries(Object.keys(fields).map((c) => [c, eb.ref(`excluded.${c}`)]))),
        )
        .executeTakeFirst();
      if (Number(kept.numInsertedOrUpdatedRows ?? 0) > 0) await setPageWords(trx, id, fields.text, kind);
    });
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

    /** Where the crawler is with one of the user's bookmarks (`read_state`), or undefined for another's. */
    async readStateOf(userId: string, bookmarkId: string): Promise<string | null | undefined> {
      const row = await db
        .selectFrom('bookmark')
        .select('read_state')
        .where('id', '=', bookmarkId)
        .where('owner', '=', ownerOf(userId))
        .executeTakeFirst();
      return row?.read_state;
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
     * Keeps the crawler's copy of a bookmark's page at `link` (see `keep`), while its claim on the
     * page holds: a copy the user's browser sent meanwhile (`keepSent`) marked the page read, and
     * stays rather than give way to what the crawler fetched (a sign-in form, a paywall's teaser).
     */
    async save(copy: CopyRow, link: string): Promise<void> {
      const { bookmark_id: id, ...fields } = copy;
      await keep('bookmark', id, fields, link, true);
    },

    /**
     * What a page sent for one of the user's bookmarks is checked against: its address, as written
     * and as the duplicate check compares it, and whether its owner keeps readable copies. Undefined
     * for another user's bookmark and one that does not exist.
     */
    sentCopyTarget(
      userId: string,
      bookmarkId: string,
    ): Promise<{ link: string; keep_copies: number | null } | undefined> {
      return db
        .selectFrom('bookmark')
        .innerJoin('owner', 'owner.id', 'bookmark.owner')
        .leftJoin('profile', 'profile.user_id', 'owner.user_id')
        .select(['bookmark.link', 'profile.keep_copies'])
        .where('bookmark.id', '=', bookmarkId)
        .where('bookmark.owner', '=', ownerOf(userId))
        .executeTakeFirst();
    },

    /**
     * Keeps the copy of a page the user's browser sent (PUT /api/bookmarks/:id/copy), replacing an
     * older one, and marks the page read so that the crawler leaves it; in one transaction, and only
     * while the user's bookmark still has the address `link`. False when nothing was kept.
     */
    async keepSent(userId: string, bookmarkId: string, link: string, fields: CopyFields): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('bookmark')
          .set({ read_state: 'read', read_at: fields.fetched_at })
          .where('id', '=', bookmarkId)
          .where('owner', '=', ownerOf(userId))
          .where('link', '=', link)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('bookmark_copy')
          .values({ bookmark_id: bookmarkId, ...fields })
          .onConflict((oc) => oc.column('bookmark_id').doUpdateSet(fields))
          .execute();
        await setPageWords(trx, bookmarkId, fields.text);
        return true;
      });
    },

    /**
     * The link the crawler is to read for a group link, or undefined once the link is gone or its
     * group deleted (its links are being purged).
     */
    groupLinkOf(linkId: string): Promise<{ link: string } | undefined> {
      return db
        .selectFrom('group_link')
        .innerJoin('workspace_group', 'workspace_group.id', 'group_link.group_id')
        .select('group_link.link')
        .where('group_link.id', '=', linkId)
        .where('workspace_group.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Keeps a group link's copy of the page at `link` (see `keep`). */
    saveGroupLink(linkId: string, fields: CopyFields, link: string): Promise<void> {
      return keep('groupLink', linkId, fields, link);
    },
  };
}

export type CopyRepository = ReturnType<typeof copyRepository>;
