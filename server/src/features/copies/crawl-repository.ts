import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

/** A page the crawler is to read: a bookmark's, or (with `group`) a workspace group link's. */
export interface PageToRead {
  id: string;
  link: string;
  /** Its site, as the politeness turns name it (the row's `domain`, `domainOf` of its address). */
  domain: string;
  /** The group of a group link; absent for a bookmark. */
  group?: string;
  /** The crawler's failed turns at this page so far (its site failed), or null. */
  failures: number | null;
}

/**
 * How a turn at a page ended: 'read' (a copy kept), 'none' (no copy, for good: no article, refused,
 * or its site failed too often), or 'later' (its site failed: read again from `due`).
 */
export type ReadOutcome =
  { state: 'read' | 'none'; failures?: number } | { state: 'later'; failures: number; due: Date };

/** The columns a turn's end writes: `read_at` is when it ended, or for 'later' when the page is due. */
const ended = (outcome: ReadOutcome, now: Date) => ({
  read_state: outcome.state,
  read_at: (outcome.state === 'later' ? outcome.due : now).toISOString(),
  read_failures: outcome.failures ?? null,
});

/**
 * A group with links still to read, and the account whose crawl budget its pages are counted in:
 * its owner's (their number, `owner.id`).
 */
export interface GroupWithPages {
  group: string;
  owner: number;
}

/** Of an account's (a group's) newest pages still to read, how many are looked at for one of a free site. */
const freeSiteLookahead = 200;

/**
 * The crawler's work, found in the bookmarks themselves (migrations/20261128T2000_page_reads): a
 * row whose `read_state` is null is still to be read; and the same in workspace group links
 * (migrations/20261129T0900_group_link_pages), where each group takes turns. One query a method.
 */
export function crawlRepository(db: Kysely<Database>, dialect: Dialect) {
  /**
   * The newest page still to read of an owner's bookmarks (or a group's links), as a subquery:
   * with `busy`, among the newest `freeSiteLookahead` only one whose site has no request under way
   * (`domain` is the site as the politeness turns name it), so that a reader does not wait in a
   * busy site's line while pages of free sites wait behind it.
   */
  function newestToRead(table: 'bookmark' | 'group_link', scope: RawBuilder<unknown>, busy?: string[]) {
    const t = sql.table(table);
    const pending = sql`${t} where ${scope} and read_state is null`;
    // Newest first by the partial index's order: on SQLite the rowid (the order rows came), on
    // Postgres the date (migrations/20261128T2000_page_reads).
    const order = dialect === 'postgres' ? sql`order by created_at desc` : sql`order by rowid desc`;
    const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
    if (!busy) return sql`select id from ${pending} ${order} limit 1 ${lock}`;
    const free =
      dialect === 'postgres'
        ? sql`not (domain = any(${busy}::text[]))`
        : sql`domain not in (select value from json_each(${JSON.stringify(busy)}))`;
    return sql`select id from ${t} where id in (select id from ${pending} ${order} limit ${freeSiteLookahead})
      and read_state is null and ${free} ${order} limit 1 ${lock}`;
  }

  return {
    /**
     * The owners with pages still to read, whose owner keeps copies and has no import running (its
     * pages are read after it), at most `limit`: one round of the crawler's turns. Read off the
     * partial index of the rows still to read.
     */
    async ownersWithPages(limit: number): Promise<number[]> {
      // A skip scan, one index seek an owner: a 50,000-link import's rows are not read each round.
      const { rows } = await sql<{ owner: number }>`
        with recursive pending(owner) as (
          select min(owner) from bookmark where read_state is null
          union all
          select (select min(b.owner) from bookmark b where b.read_state is null and b.owner > pending.owner)
          from pending where pending.owner is not null
        )
        select p.owner from pending p
        join owner o on o.id = p.owner
        left join profile pr on pr.user_id = o.user_id
        where p.owner is not null
          and (pr.keep_copies is null or pr.keep_copies = 1)
          and not exists (select 1 from import_job j where j.user_id = o.user_id and j.status = 'running')
        limit ${limit}`.execute(db);
      return rows.map((r) => Number(r.owner));
    },

    /**
     * Takes an owner's newest page still to read for this process (a new save before an import's
     * older links), or undefined when it has none left. One statement: readers of this process and
     * of others each take a different page (Postgres skips a row another has locked).
     */
    async claimNext(owner: number, now: Date, busy?: string[]): Promise<PageToRead | undefined> {
      const { rows } = await sql<PageToRead>`update bookmark set read_state = 'reading', read_at = ${now.toISOString()}
        where id = (${newestToRead('bookmark', sql`owner = ${owner}`, busy)})
        and read_state is null
        returning id, link, domain, read_failures as failures`.execute(db);
      return rows[0];
    },

    /**
     * A turn at a page ended (`ReadOutcome`). Only if the bookmark still has that address: one moved
     * meanwhile is to be read again at its new one.
     */
    async finish(id: string, link: string, outcome: ReadOutcome, now: Date): Promise<void> {
      await db
        .updateTable('bookmark')
        .set(ended(outcome, now))
        .where('id', '=', id)
        .where('link', '=', link)
        .where('read_state', '=', 'reading')
        .execute();
    },

    /** A page claimed but not to be read now (its account's budget is spent) goes back to be read. */
    async release(id: string): Promise<void> {
      await db
        .updateTable('bookmark')
        .set({ read_state: null, read_at: null })
        .where('id', '=', id)
        .where('read_state', '=', 'reading')
        .execute();
    },

    /** Pages claimed by a process that stopped before reading them go back to be read. */
    async releaseStale(before: Date): Promise<number> {
      const res = await db
        .updateTable('bookmark')
        .set({ read_state: null, read_at: null })
        .where('read_state', '=', 'reading')
        .where('read_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /**
     * The groups with links still to read, and their owners' numbers, at most `limit`: each one more
     * of the crawler's turns beside the accounts. A skip scan of the partial index, as for owners; a
     * deleted group's links are being purged, not read.
     */
    async groupsWithPages(limit: number): Promise<GroupWithPages[]> {
      const { rows } = await sql<{ group_id: string; owner: number }>`
        with recursive pending(group_id) as (
          select min(group_id) from group_link where read_state is null
          union all
          select (select min(l.group_id) from group_link l where l.read_state is null and l.group_id > pending.group_id)
          from pending where pending.group_id is not null
        )
        select p.group_id, o.id as owner from pending p
        join workspace_group g on g.id = p.group_id
        join owner o on o.user_id = g.owner_id
        where p.group_id is not null and g.deleted_at is null
        limit ${limit}`.execute(db);
      return rows.map((r) => ({ group: r.group_id, owner: Number(r.owner) }));
    },

    /** Takes a group's newest link still to read for this process, as `claimNext` an owner's page. */
    async claimNextGroupLink(group: string, now: Date, busy?: string[]): Promise<PageToRead | undefined> {
      const { rows } =
        await sql<PageToRead>`update group_link set read_state = 'reading', read_at = ${now.toISOString()}
        where id = (${newestToRead('group_link', sql`group_id = ${group}`, busy)})
        and read_state is null
        returning id, link, domain, group_id as "group", read_failures as failures`.execute(db);
      return rows[0];
    },

    /** A group link's page read, as `finish` a bookmark's: only if the link still has that address. */
    async finishGroupLink(id: string, link: string, outcome: ReadOutcome, now: Date): Promise<void> {
      await db
        .updateTable('group_link')
        .set(ended(outcome, now))
        .where('id', '=', id)
        .where('link', '=', link)
        .where('read_state', '=', 'reading')
        .execute();
    },

    /** A group link claimed but not to be read now (its owner's budget is spent) goes back to be read. */
    async releaseGroupLink(id: string): Promise<void> {
      await db
        .updateTable('group_link')
        .set({ read_state: null, read_at: null })
        .where('id', '=', id)
        .where('read_state', '=', 'reading')
        .execute();
    },

    /** Group links claimed by a process that stopped before reading them go back to be read. */
    async releaseStaleGroupLinks(before: Date): Promise<number> {
      const res = await db
        .updateTable('group_link')
        .set({ read_state: null, read_at: null })
        .where('read_state', '=', 'reading')
        .where('read_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** Pages whose site failed and whose wait is over go back to be read (the partial index of those waiting). */
    async wakeWaiting(now: Date): Promise<number> {
      const res = await db
        .updateTable('bookmark')
        .set({ read_state: null, read_at: null })
        .where('read_state', '=', 'later')
        .where('read_at', '<=', now.toISOString())
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** The same for group links. */
    async wakeWaitingGroupLinks(now: Date): Promise<number> {
      const res = await db
        .updateTable('group_link')
        .set({ read_state: null, read_at: null })
        .where('read_state', '=', 'later')
        .where('read_at', '<=', now.toISOString())
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /** How many pages are still to read (the bench's and the tests' measure). */
    async pending(): Promise<number> {
      const row = await db
        .selectFrom('bookmark')
        .select(sql<number>`count(*)`.as('n'))
        .where('read_state', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type CrawlRepository = ReturnType<typeof crawlRepository>;
