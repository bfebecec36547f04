import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

/** A page the crawler is to read. */
export interface PageToRead {
  id: string;
  link: string;
}

/**
 * The crawler's work, found in the bookmarks themselves (migrations/20261128T2000_page_reads): a
 * row whose `read_state` is null is still to be read. One query a method.
 */
export function crawlRepository(db: Kysely<Database>, dialect: Dialect) {
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
    async claimNext(owner: number, now: Date): Promise<PageToRead | undefined> {
      // Newest first by the partial index's order: on SQLite the rowid (the order rows came), on
      // Postgres the date (migrations/20261128T2000_page_reads).
      const newest =
        dialect === 'postgres'
          ? sql`order by created_at desc limit 1 for update skip locked`
          : sql`order by rowid desc limit 1`;
      const { rows } = await sql<PageToRead>`update bookmark set read_state = 'reading', read_at = ${now.toISOString()}
        where id = (select id from bookmark where owner = ${owner} and read_state is null ${newest})
        and read_state is null
        returning id, link`.execute(db);
      return rows[0];
    },

    /**
     * A page read: 'read' with a copy, 'none' without. Only if the bookmark still has that address:
     * one moved meanwhile is to be read again at its new one.
     */
    async finish(id: string, link: string, state: 'read' | 'none', now: Date): Promise<void> {
      await db
        .updateTable('bookmark')
        .set({ read_state: state, read_at: now.toISOString() })
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
