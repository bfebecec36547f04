import type { ExpressionBuilder, Kysely } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { ownerOf } from '../bookmarks/repository.js';
import { moveToTrash, restoreFromTrash, type TrashTimes } from '../trash/repository.js';

/** A bookmark of a duplicate group as the page shows it. */
export interface DuplicateRow {
  id: string;
  title: string;
  link: string;
  link_key: string;
  category: string;
  favourite: number;
  created_at: string;
  rss_feed: string | null;
  promotor: string | null;
  has_copy: number;
}

/** What the kept bookmark takes from the others in a merge. */
export interface MergePatch {
  favourite: number;
  rss_feed: string | null;
  promotor: string | null;
  /** The member whose readable copy the kept one takes (it has none), if any. */
  copyFrom: string | null;
  /** The key the kept bookmark holds once the others are in the trash. */
  linkKey: string;
}

/** The user's bookmark that holds `key`, as a subquery. */
const holderOf = (eb: ExpressionBuilder<Database, 'bookmark'>, userId: string, key: string) =>
  eb
    .selectFrom('bookmark as other')
    .select('other.id')
    .where('other.owner', '=', ownerOf(userId))
    .where('other.link_key', '=', key);

/**
 * Duplicates (issue 31). The key is unique per owner, so one page saved twice holds it once: the
 * other rows are those the key migration (migrations/20261129T1400_link_keys) left with their
 * earlier key, which always starts with its scheme where a current key never does. Finding the
 * duplicates reads those few rows, not the library.
 */
export function duplicateRepository(db: Kysely<Database>, dialect: Dialect) {
  const details = () =>
    db.selectFrom('bookmark').select([
      'id',
      'title',
      'link',
      'link_key',
      'category',
      'favourite',
      'created_at',
      'rss_feed',
      'promotor',
      (eb) =>
        eb
          .case()
          .when(
            eb.exists(eb.selectFrom('bookmark_copy').select('bookmark_id').whereRef('bookmark_id', '=', 'bookmark.id')),
          )
          .then(1)
          .else(0)
          .end()
          .as('has_copy'),
    ]);

  return {
    /** The user's bookmarks whose key is an earlier one (see above): id and address. */
    earlierKeyed(userId: string): Promise<{ id: string; link: string; created_at: string }[]> {
      return db
        .selectFrom('bookmark')
        .select(['id', 'link', 'created_at'])
        .where('owner', '=', ownerOf(userId))
        .where((eb) => eb.or([eb('link_key', 'like', 'http://%'), eb('link_key', 'like', 'https://%')]))
        .execute();
    },

    /** The user's bookmarks that hold one of these keys: id, key and when saved. */
    async holdersOf(userId: string, keys: string[]): Promise<{ id: string; link_key: string; created_at: string }[]> {
      const out: { id: string; link_key: string; created_at: string }[] = [];
      for (const slice of chunks(keys, 500))
        out.push(
          ...(await db
            .selectFrom('bookmark')
            .select(['id', 'link_key', 'created_at'])
            .where('owner', '=', ownerOf(userId))
            .where('link_key', 'in', slice)
            .execute()),
        );
      return out;
    },

    /** The user's bookmarks among `ids`, with what the Duplicates page shows of each. */
    async details(userId: string, ids: string[]): Promise<DuplicateRow[]> {
      const out: DuplicateRow[] = [];
      for (const slice of chunks(ids, 500))
        out.push(...(await details().where('owner', '=', ownerOf(userId)).where('id', 'in', slice).execute()));
      return out;
    },

    /**
     * Gives a bookmark its current key where no other bookmark of its owner holds it (the one that
     * did was deleted): the duplicate rule then finds it when the page is saved again.
     */
    async rekey(userId: string, id: string, key: string): Promise<void> {
      await db
        .updateTable('bookmark')
        .set({ link_key: key })
        .where('id', '=', id)
        .where('owner', '=', ownerOf(userId))
        .where((eb) => eb.not(eb.exists(holderOf(eb, userId, key))))
        .execute();
    },

    /** One of the user's trashed bookmarks as a member of a group (a merge may bring it back as the one kept). */
    async trashed(userId: string, id: string): Promise<DuplicateRow | undefined> {
      const t = await db
        .selectFrom('bookmark_trash')
        .select(['row', 'copy'])
        .where('owner', '=', ownerOf(userId))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!t) return undefined;
      const row = JSON.parse(t.row) as Omit<DuplicateRow, 'has_copy'>;
      return { ...row, has_copy: t.copy ? 1 : 0 };
    },

    /**
     * One transaction: the others go to the trash; the kept bookmark (brought back from the trash
     * first with `restoreKeep`) takes `patch` and another member's readable copy, and the page's key
     * if it did not hold it. Throws KeepNotRestored when the kept one cannot come back.
     */
    merge(
      userId: string,
      keepId: string,
      others: string[],
      patch: MergePatch & { restoreKeep: boolean },
      times: TrashTimes,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const mine = (q: ReturnType<typeof trx.updateTable<'bookmark'>>) =>
          q.where('owner', '=', ownerOf(userId)).where('id', '=', keepId);
        // The donor's copy (and on Postgres its page words, which search reads from the row), read
        // before the donor goes to the trash.
        const copy = patch.copyFrom
          ? await trx
              .selectFrom('bookmark_copy')
              .selectAll()
              .where('bookmark_id', '=', patch.copyFrom)
              .executeTakeFirst()
          : undefined;
        const pageWords =
          copy && dialect === 'postgres'
            ? await trx
                .selectFrom('bookmark')
                .select('page_vector')
                .where('id', '=', patch.copyFrom!)
                .executeTakeFirst()
            : undefined;
        const trashed = (await moveToTrash(trx, userId, others, times)).length;
        if (patch.restoreKeep) {
          const { restored } = await restoreFromTrash(trx, userId, [keepId]);
          if (!restored.length) throw new KeepNotRestored();
        }
        await mine(trx.updateTable('bookmark'))
          .set({ favourite: patch.favourite, rss_feed: patch.rss_feed, promotor: patch.promotor })
          .execute();
        if (copy) {
          await trx
            .insertInto('bookmark_copy')
            .values({ ...copy, bookmark_id: keepId })
            .onConflict((oc) => oc.column('bookmark_id').doNothing())
            .execute();
          await mine(trx.updateTable('bookmark'))
            .set({
              read_state: 'read',
              read_at: copy.fetched_at,
              read_failures: null,
              ...(pageWords ? { page_vector: pageWords.page_vector } : {}),
            })
            .execute();
        }
        await mine(trx.updateTable('bookmark'))
          .set({ link_key: patch.linkKey })
          .where((eb) => eb.not(eb.exists(holderOf(eb, userId, patch.linkKey))))
          .execute();
        return trashed;
      });
    },
  };
}

export type DuplicateRepository = ReturnType<typeof duplicateRepository>;

/** The bookmark to keep was in the trash and could not come back (its page is held by one not merged). */
export class KeepNotRestored extends Error {}
