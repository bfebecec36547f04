import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { LinkHealthValue } from '@linkhive/shared/domain';
import type { Database, LinkCheckTable } from '../../db/schema.js';
import { ownerOf } from '../bookmarks/repository.js';

export type LinkCheckRow = Selectable<LinkCheckTable>;

/** A bookmark to check: its address, and its last check when that was of this address. */
export interface LinkTarget {
  link: string;
  check: LinkCheckRow | null;
}

/** A bookmark the sweep queues a check for, with its owner (whose turn the job takes). */
export interface DueLink {
  bookmarkId: string;
  userId: string;
}

/**
 * A condition on a bookmark's link health, for a query that has the bookmark in scope as `alias`
 * (the list filter: `.where(linkHealthIs('broken'))`, or inside raw SQL as `${linkHealthIs('broken', 'b')}`).
 * A check of another address than the bookmark's (it moved since) counts as none, and 'unchecked'
 * is: no check of this address, or none with a lasting answer yet. Uses link_check's primary key.
 */
export function linkHealthIs(health: LinkHealthValue, alias = 'bookmark'): RawBuilder<SqlBool> {
  const id = sql.ref(`${alias}.id`);
  const link = sql.ref(`${alias}.link`);
  return health === 'unchecked'
    ? sql<SqlBool>`not exists (select 1 from link_check lc where lc.bookmark_id = ${id} and lc.link = ${link} and lc.health <> 'unchecked')`
    : sql<SqlBool>`exists (select 1 from link_check lc where lc.bookmark_id = ${id} and lc.link = ${link} and lc.health = ${health})`;
}

/** The last link check of each bookmark (features/link-health). One query a method. */
export function linkHealthRepository(db: Kysely<Database>) {
  /** A bookmark with its last check, if that was of its present address. */
  const targets = () =>
    db
      .selectFrom('bookmark')
      .leftJoin('link_check', (join) =>
        join.onRef('link_check.bookmark_id', '=', 'bookmark.id').onRef('link_check.link', '=', 'bookmark.link'),
      )
      .select([
        'bookmark.link as bookmark_link',
        'link_check.bookmark_id',
        'link_check.link',
        'link_check.status',
        'link_check.final_url',
        'link_check.error',
        'link_check.health',
        'link_check.failures',
        'link_check.first_failed_at',
        'link_check.checked_at',
        'link_check.next_check_at',
      ]);

  type TargetRow = NonNullable<Awaited<ReturnType<ReturnType<typeof targets>['executeTakeFirst']>>>;
  const toTarget = (row: TargetRow | undefined): LinkTarget | undefined => {
    if (!row) return undefined;
    const { bookmark_link, ...check } = row;
    return { link: bookmark_link, check: check.bookmark_id === null ? null : (check as LinkCheckRow) };
  };

  return {
    /** One of the user's bookmarks with its last check; undefined for another user's or a missing one. */
    async findOwned(userId: string, bookmarkId: string): Promise<LinkTarget | undefined> {
      return toTarget(
        await targets()
          .where('bookmark.id', '=', bookmarkId)
          .where('bookmark.owner', '=', ownerOf(userId))
          .executeTakeFirst(),
      );
    },

    /** A bookmark with its last check, whoever owns it (the crawler's job); undefined once it is gone. */
    async find(bookmarkId: string): Promise<LinkTarget | undefined> {
      return toTarget(await targets().where('bookmark.id', '=', bookmarkId).executeTakeFirst());
    },

    /**
     * Stores a check, replacing the last one, if the bookmark still has the address that was
     * checked: one deleted or moved while its link was fetched gets nothing.
     */
    async save(check: LinkCheckRow): Promise<void> {
      await db
        .insertInto('link_check')
        .columns(Object.keys(check) as (keyof LinkCheckRow)[])
        .expression((eb) =>
          eb
            .selectFrom('bookmark')
            .select(Object.entries(check).map(([column, value]) => eb.val(value).as(column)))
            .where('bookmark.id', '=', check.bookmark_id)
            .where('bookmark.link', '=', check.link),
        )
        .onConflict((oc) =>
          oc.column('bookmark_id').doUpdateSet((eb) =>
            Object.fromEntries(
              Object.keys(check)
                .filter((c) => c !== 'bookmark_id')
                .map((c) => [c, eb.ref(`excluded.${c}` as any)]),
            ),
          ),
        )
        .execute();
    },

    /**
     * The last check of each of these bookmarks (a page of a list), where it was of the bookmark's
     * present address; a bookmark missing from the map is unchecked.
     */
    async healthOf(ids: string[]): Promise<Map<string, LinkCheckRow>> {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('link_check')
        .innerJoin('bookmark', (join) =>
          join.onRef('bookmark.id', '=', 'link_check.bookmark_id').onRef('bookmark.link', '=', 'link_check.link'),
        )
        .selectAll('link_check')
        .where('link_check.bookmark_id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.bookmark_id, row]));
    },

    /** Checked bookmarks whose next check is due, the longest due first (link_check_due). */
    due(now: Date, limit: number): Promise<DueLink[]> {
      return db
        .selectFrom('link_check')
        .innerJoin('bookmark', 'bookmark.id', 'link_check.bookmark_id')
        .innerJoin('owner', 'owner.id', 'bookmark.owner')
        .select(['link_check.bookmark_id as bookmarkId', 'owner.user_id as userId'])
        .where('link_check.next_check_at', '<=', now.toISOString())
        .orderBy('link_check.next_check_at')
        .limit(limit)
        .execute();
    },

    /**
     * Bookmarks never checked that were saved before `savedBefore` (newer ones are left to settle:
     * an import, an edit of the address). A bookmark moved to another address is due by its old
     * check's date, which is at most a month away; the user's 'Check now' does it at once.
     */
    unchecked(savedBefore: Date, limit: number): Promise<DueLink[]> {
      return db
        .selectFrom('bookmark')
        .innerJoin('owner', 'owner.id', 'bookmark.owner')
        .leftJoin('link_check', 'link_check.bookmark_id', 'bookmark.id')
        .select(['bookmark.id as bookmarkId', 'owner.user_id as userId'])
        .where('link_check.bookmark_id', 'is', null)
        .where('bookmark.created_at', '<=', savedBefore.toISOString())
        .limit(limit)
        .execute();
    },
  };
}

export type LinkHealthRepository = ReturnType<typeof linkHealthRepository>;
