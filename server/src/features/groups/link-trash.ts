import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, GroupLinkTable } from '../../db/schema.js';
import { chunks } from '../../db/chunks.js';
import { purgeDueFrom, type TrashTimes } from '../trash/repository.js';
import { searchWords } from '../bookmarks/repository.js';

/** A link in a group's trash as listed. */
export interface GroupTrashRow {
  id: string;
  title: string;
  link: string;
  category: string;
  trashed_at: string;
  purge_at: string;
}

/** A trashed link that could not go back: the group has its page again. */
export interface LinkSavedAgain {
  id: string;
  title: string;
  savedAgainAs: string;
}

const json = (row: object | undefined) => (row ? JSON.stringify(row) : null);

/**
 * A group's trash (migrations/20261129T1600_group_link_trash): a link the owner deletes moves out of
 * `group_link`, with its readable copy, in one transaction, and back. Every query takes the group:
 * the service checks first that the caller owns it.
 */
export function groupLinkTrash(db: Kysely<Database>, dialect: Dialect) {
  return {
    /** Moves the group's links among `ids` to its trash; answers the rows that moved. */
    put(groupId: string, ids: string[], at: TrashTimes): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('group_link')
          .selectAll()
          .where('group_id', '=', groupId)
          .where('id', 'in', ids)
          .execute();
        if (!rows.length) return 0;
        const found = rows.map((r) => r.id);
        const copies = await trx
          .selectFrom('group_link_copy')
          .selectAll()
          .where('group_link_id', 'in', found)
          .execute();
        const copyOf = new Map(copies.map((c) => [c.group_link_id, c]));
        await trx
          .insertInto('group_link_trash')
          .values(
            rows.map((r) => ({
              id: r.id,
              group_id: r.group_id,
              title: r.title,
              link: r.link,
              category: r.category,
              row: JSON.stringify(r),
              copy: json(copyOf.get(r.id)),
              trashed_at: at.trashedAt,
              purge_at: at.purgeAt,
            })),
          )
          .execute();
        // The copy goes with the link (on delete cascade).
        await trx.deleteFrom('group_link').where('id', 'in', found).execute();
        return rows.length;
      });
    },

    async list(groupId: string, limit: number, offset: number): Promise<{ rows: GroupTrashRow[]; total: number }> {
      const ofGroup = () => db.selectFrom('group_link_trash').where('group_id', '=', groupId);
      const [rows, count] = await Promise.all([
        ofGroup()
          .select(['id', 'title', 'link', 'category', 'trashed_at', 'purge_at'])
          .orderBy('trashed_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        ofGroup()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Puts the group's trashed links among `ids` back as they were. One whose page the group has
     * again (the key is taken) stays in the trash and is answered as such.
     */
    restore(groupId: string, ids: string[]): Promise<{ restored: number; savedAgain: LinkSavedAgain[] }> {
      return db.transaction().execute(async (trx) => {
        const trashed = await trx
          .selectFrom('group_link_trash')
          .select(['id', 'title', 'row', 'copy'])
          .where('group_id', '=', groupId)
          .where('id', 'in', ids)
          .execute();
        // A few hundred a statement, as the bookmarks' restore: a link whose page the group has
        // again is left out by the conflict and stays in the trash.
        const rows = trashed.map((t) => ({ t, row: JSON.parse(t.row) as Insertable<GroupLinkTable> & { id: string } }));
        const back = new Set<string>();
        for (const slice of chunks(rows, 200)) {
          const inserted = await trx
            .insertInto('group_link')
            .values(slice.map((r) => r.row))
            .onConflict((oc) => oc.doNothing())
            .returning('id')
            .execute();
          for (const { id } of inserted) back.add(id);
        }
        const savedAgain: LinkSavedAgain[] = [];
        for (const { t, row } of rows) {
          if (back.has(t.id)) continue;
          const holder = await trx
            .selectFrom('group_link')
            .select('id')
            .where('group_id', '=', groupId)
            .where((eb) => eb.or([eb('link_key', '=', row.link_key), eb('id', '=', row.id)]))
            .executeTakeFirst();
          savedAgain.push({ id: t.id, title: t.title, savedAgainAs: holder?.id ?? '' });
        }
        const restored = trashed.filter((t) => back.has(t.id));
        for (const slice of chunks(
          restored.filter((t) => t.copy),
          20,
        ))
          await trx
            .insertInto('group_link_copy')
            .values(slice.map((t) => JSON.parse(t.copy!)))
            .execute();
        if (restored.length)
          await trx
            .deleteFrom('group_link_trash')
            .where(
              'id',
              'in',
              restored.map((t) => t.id),
            )
            .execute();
        return { restored: restored.length, savedAgain };
      });
    },

    /**
     * Up to `limit` of a deleted group's links, moved in one transaction to its owner's trash as
     * bookmarks, which the owner may restore among their own (or empty) until TRASH_DAYS have
     * passed; answers how many went (0: none are left). Their readable copies are not kept: a
     * restored one is read again, as a new bookmark is.
     */
    toOwnersTrash(groupId: string, limit: number, at: TrashTimes): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('group_link')
          .selectAll()
          .where('group_id', '=', groupId)
          .limit(limit)
          .execute();
        if (!rows.length) return 0;
        const owner = await trx
          .selectFrom('workspace_group')
          .innerJoin('owner', 'owner.user_id', 'workspace_group.owner_id')
          .select('owner.id')
          .where('workspace_group.id', '=', groupId)
          .executeTakeFirst();
        if (owner) {
          await trx
            .insertInto('bookmark_trash')
            .values(
              rows.map((r) => ({
                id: r.id,
                owner: owner.id,
                title: r.title,
                link: r.link,
                category: r.category,
                row: JSON.stringify({
                  id: r.id,
                  owner: owner.id,
                  title: r.title,
                  link: r.link,
                  link_key: r.link_key,
                  domain: r.domain,
                  category: r.category,
                  favourite: 0,
                  rss_feed: r.rss_feed,
                  promotor: null,
                  created_at: r.created_at,
                  updated_at: at.trashedAt,
                  import_id: null,
                  ...searchWords(dialect, r),
                }),
                copy: null,
                link_check: null,
                trashed_at: at.trashedAt,
                purge_at: at.purgeAt,
              })),
            )
            // A retry after a batch that committed but was not counted: those rows are there already.
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
        await trx
          .deleteFrom('group_link')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
        return rows.length;
      });
    },

    /** Deletes for good up to `limit` trashed links whose day has come, in any group; answers how many. */
    purgeDue: (now: string, limit: number): Promise<number> => purgeDueFrom(db, 'group_link_trash', now, limit),
  };
}

export type GroupLinkTrash = ReturnType<typeof groupLinkTrash>;
