import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { BookmarkTable, Database } from '../../db/schema.js';
import { ownerOf } from '../bookmarks/row-values.js';

/** A trashed bookmark as listed. */
export interface TrashRow {
  id: string;
  title: string;
  link: string;
  category: string;
  trashed_at: string;
  purge_at: string;
}

/** A trashed bookmark that could not go back: its owner saved the same page again since. */
export interface SavedAgain {
  id: string;
  title: string;
  savedAgainAs: string;
}

const json = (row: object | undefined) => (row ? JSON.stringify(row) : null);

/**
 * The trash (migrations/20261129T1500_trash): a deleted bookmark's row, with its readable copy and
 * its last link check, moved out of `bookmark` into `bookmark_trash` in one transaction, and back.
 * Every query takes the owner: another user's trash is never read or changed.
 */
export function trashRepository(db: Kysely<Database>) {
  return {
    /** Moves the user's bookmarks among `ids` to the trash; answers how many moved. */
    put(userId: string, ids: string[], at: TrashTimes): Promise<number> {
      return db.transaction().execute(async (trx) => (await moveToTrash(trx, userId, ids, at)).length);
    },

    async list(userId: string, limit: number, offset: number): Promise<{ rows: TrashRow[]; total: number }> {
      const mine = () => db.selectFrom('bookmark_trash').where('owner', '=', ownerOf(userId));
      const [rows, count] = await Promise.all([
        mine()
          .select(['id', 'title', 'link', 'category', 'trashed_at', 'purge_at'])
          .orderBy('trashed_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        mine()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Puts the user's trashed bookmarks among `ids` back as they were. One whose address the user
     * saved again since (the key is taken) stays in the trash and is answered as such.
     */
    async restore(userId: string, ids: string[]): Promise<{ restored: number; savedAgain: SavedAgain[] }> {
      const { restored, savedAgain } = await db.transaction().execute((trx) => restoreFromTrash(trx, userId, ids));
      return { restored: restored.length, savedAgain };
    },

    /** Deletes the user's whole trash for good; answers how many. */
    async empty(userId: string): Promise<number> {
      const res = await db.deleteFrom('bookmark_trash').where('owner', '=', ownerOf(userId)).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** Deletes for good up to `limit` trashed bookmarks whose day has come, anyone's; answers how many. */
    purgeDue: (now: string, limit: number): Promise<number> => purgeDueFrom(db, 'bookmark_trash', now, limit),
  };
}

/**
 * Deletes for good up to `limit` rows of a trash (the bookmarks', the groups') whose day has come,
 * in one short statement; answers how many.
 */
export async function purgeDueFrom(
  db: Kysely<Database>,
  table: 'bookmark_trash' | 'group_link_trash',
  now: string,
  limit: number,
): Promise<number> {
  const res = await db
    .deleteFrom(table)
    .where('id', 'in', db.selectFrom(table).select('id').where('purge_at', '<=', now).orderBy('purge_at').limit(limit))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** When a bookmark went to the trash, and when it goes for good. */
export interface TrashTimes {
  trashedAt: string;
  purgeAt: string;
}

/** A bookmark's row as the trash keeps it (see keptColumns). */
export type TrashedRow = Selectable<BookmarkTable>;

/**
 * Moves the user's bookmarks among `ids` to the trash inside the caller's transaction (a delete, a
 * merge of duplicates, an overwriting import); answers the rows that moved, as they were.
 */
export async function moveToTrash(
  trx: Transaction<Database>,
  userId: string,
  ids: string[],
  at: TrashTimes,
): Promise<TrashedRow[]> {
  if (!ids.length) return [];
  const rows = await trx
    .selectFrom('bookmark')
    .selectAll()
    .where('owner', '=', ownerOf(userId))
    .where('id', 'in', ids)
    .execute();
  if (!rows.length) return [];
  const kept = rows.map((r) => keptColumns(r));
  const found = rows.map((r) => r.id);
  const [copies, checks] = await Promise.all([
    trx.selectFrom('bookmark_copy').selectAll().where('bookmark_id', 'in', found).execute(),
    trx.selectFrom('link_check').selectAll().where('bookmark_id', 'in', found).execute(),
  ]);
  const copyOf = new Map(copies.map((c) => [c.bookmark_id, c]));
  const checkOf = new Map(checks.map((c) => [c.bookmark_id, c]));
  // A few hundred rows a statement: a copy is up to a few hundred KB of text and markup.
  for (const slice of chunks(kept, 200)) {
    await trx
      .insertInto('bookmark_trash')
      .values(
        slice.map((r) => ({
          id: r.id,
          owner: r.owner,
          title: r.title,
          link: r.link,
          category: r.category,
          row: JSON.stringify(r),
          copy: json(copyOf.get(r.id)),
          link_check: json(checkOf.get(r.id)),
          trashed_at: at.trashedAt,
          purge_at: at.purgeAt,
        })),
      )
      .execute();
  }
  // The copy and the link check go with the bookmark (on delete cascade).
  await trx.deleteFrom('bookmark').where('id', 'in', found).execute();
  return kept;
}

/**
 * Puts the user's trashed bookmarks among `ids` back as they were, inside the caller's transaction
 * (a restore, the undo of a failed import). One whose address the user saved again since (the key
 * is taken) stays in the trash and is answered as such.
 */
export async function restoreFromTrash(
  trx: Transaction<Database>,
  userId: string,
  ids: string[],
): Promise<{ restored: string[]; savedAgain: SavedAgain[] }> {
  if (!ids.length) return { restored: [], savedAgain: [] };
  const trashed = await trx
    .selectFrom('bookmark_trash')
    .select(['id', 'title', 'row', 'copy', 'link_check'])
    .where('owner', '=', ownerOf(userId))
    .where('id', 'in', ids)
    .execute();
  // The rows as they were read from `bookmark`: every column each has, each of its own type. Rows
  // of one shape go back a few hundred a statement (a failed import takes back thousands); a row
  // from a deleted group has fewer columns than one deleted from the bookmarks, and goes apart.
  const rows = trashed.map((t) => ({
    t,
    row: keptColumns(JSON.parse(t.row) as Insertable<BookmarkTable> & { owner: number; id: string }),
  }));
  const byShape = new Map<string, typeof rows>();
  for (const r of rows) {
    const shape = Object.keys(r.row).sort().join(',');
    byShape.set(shape, [...(byShape.get(shape) ?? []), r]);
  }
  const back = new Set<string>();
  for (const group of byShape.values()) {
    for (const slice of chunks(group, 200)) {
      const inserted = await trx
        .insertInto('bookmark')
        .values(slice.map((r) => r.row))
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute();
      for (const { id } of inserted) back.add(id);
    }
  }
  const savedAgain: SavedAgain[] = [];
  for (const { t, row } of rows)
    if (!back.has(t.id)) savedAgain.push({ id: t.id, title: t.title, savedAgainAs: await holderOf(trx, row) });
  const restored = trashed.filter((t) => back.has(t.id));
  // A copy is up to a few hundred KB: a few a statement.
  for (const slice of chunks(
    restored.filter((t) => t.copy),
    20,
  ))
    await trx
      .insertInto('bookmark_copy')
      .values(slice.map((t) => JSON.parse(t.copy!)))
      .execute();
  for (const slice of chunks(
    restored.filter((t) => t.link_check),
    200,
  ))
    await trx
      .insertInto('link_check')
      .values(slice.map((t) => JSON.parse(t.link_check!)))
      .execute();
  for (const slice of chunks(restored, 500))
    await trx
      .deleteFrom('bookmark_trash')
      .where(
        'id',
        'in',
        slice.map((t) => t.id),
      )
      .execute();
  return { restored: restored.map((t) => t.id), savedAgain };
}

/**
 * A bookmark's columns as kept in the trash: all but Postgres' `search_vector`, which the database
 * makes from the others (a generated column, written by no one).
 */
function keptColumns<T extends object>(row: T): T {
  const { search_vector: _generated, ...kept } = row as T & { search_vector?: unknown };
  return kept as T;
}

/** The bookmark that holds a trashed one's address now. */
async function holderOf(trx: Transaction<Database>, row: { owner: number; link_key: string; id: string }) {
  const holder = await trx
    .selectFrom('bookmark')
    .select('id')
    .where('owner', '=', row.owner)
    .where((eb) => eb.or([eb('link_key', '=', row.link_key), eb('id', '=', row.id)]))
    .executeTakeFirst();
  return holder?.id ?? '';
}

export type TrashRepository = ReturnType<typeof trashRepository>;
