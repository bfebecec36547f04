import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobTable } from '../db/schema.js';
import type { Dialect } from '../db/index.js';

export interface JobQueue {
  /**
   * With an id, the job is queued once: queueing the same id again does nothing. With an account,
   * the job takes its turn behind that account's waiting jobs of its kind only (see claim).
   */
  enqueue(type: string, payload: unknown, opts?: { runAt?: Date; id?: string; accountId?: string }): Promise<string>;
  /**
   * Many jobs of one kind for one account in a few statements (an import's captures): they take
   * the account's next places in line, in order.
   */
  enqueueBatch(type: string, jobs: Array<{ payload: unknown; runAt?: Date }>, accountId: string): Promise<void>;
  /**
   * The account's jobs of these kinds that ran, or are due to run, from `since` on: a job delayed to
   * a later window counts in that window, so a budget holds however long ago its jobs were queued.
   */
  countDueSince(types: string | readonly string[], accountId: string, since: Date): Promise<number>;
  /** Takes the oldest ready job, or one whose worker died holding it; null when there is none. */
  claim(types: string[], leaseMs: number): Promise<Selectable<JobTable> | null>;
  complete(id: string): Promise<void>;
  fail(id: string, error: string, retryAt: Date | null): Promise<void>;
  /**
   * Deletes up to `limit` finished jobs last due before these times (done ones and failed ones
   * apart); answers how many.
   */
  deleteFinished(before: { done: Date; failed: Date }, limit: number): Promise<number>;
}

export function jobQueue(db: Kysely<Database>, dialect: Dialect): JobQueue {
  /** How many of the account's jobs of this kind wait or run: the next one's turn. */
  const waiting = async (type: string, accountId: string) =>
    Number(
      (
        await db
          .selectFrom('job')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .where('type', '=', type)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst()
      )?.n ?? 0,
    );

  return {
    async enqueue(type, payload, opts = {}) {
      const now = new Date().toISOString();
      const id = opts.id ?? randomUUID();
      const accountId = opts.accountId ?? null;
      // The account's place in line: how many of its jobs of this kind wait already. Two queued at
      // the same moment may share a place; turns are about fairness, not order within an account.
      const turn = accountId ? await waiting(type, accountId) : 0;
      await db
        .insertInto('job')
        .values({
          id,
          type,
          payload: JSON.stringify(payload),
          status: 'queued',
          attempts: 0,
          run_at: (opts.runAt ?? new Date()).toISOString(),
          account_id: accountId,
          turn,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return id;
    },

    async enqueueBatch(type, jobs, accountId) {
      if (!jobs.length) return;
      const now = new Date().toISOString();
      const first = await waiting(type, accountId);
      // 500 rows of 11 values stay under SQLite's 32,766 bound parameters per statement.
      for (let from = 0; from < jobs.length; from += 500) {
        await db
          .insertInto('job')
          .values(
            jobs.slice(from, from + 500).map((job, i) => ({
              id: randomUUID(),
              type,
              payload: JSON.stringify(job.payload),
              status: 'queued',
              attempts: 0,
              run_at: (job.runAt ?? new Date()).toISOString(),
              account_id: accountId,
              turn: first + from + i,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
    },

    async claim(types, leaseMs) {
      const now = new Date();
      const nowIso = now.toISOString();
      let next = db
        .selectFrom('job')
        .select('id')
        .where('type', 'in', types)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
          ]),
        )
        // Turns first: every account's first waiting job comes before any account's second.
        .orderBy('turn')
        .orderBy('run_at')
        .limit(1);
      // Adapter: Postgres locks the chosen row so two workers never take one job; SQLite has one
      // writer at a time, which makes the single UPDATE below atomic already.
      if (dialect === 'postgres') next = next.forUpdate().skipLocked();
      const row = await db
        .updateTable('job')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_until: new Date(now.getTime() + leaseMs).toISOString(),
          updated_at: nowIso,
        }))
        .where('id', '=', (eb) => eb.selectFrom(next.as('next')).select('next.id'))
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async countDueSince(types, accountId, since) {
      const row = await db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', accountId)
        .where('type', 'in', typeof types === 'string' ? [types] : [...types])
        .where('run_at', '>=', since.toISOString())
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async complete(id) {
      await db
        .updateTable('job')
        .set({ status: 'done', locked_until: null, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async fail(id, error, retryAt) {
      await db
        .updateTable('job')
        .set({
          status: retryAt ? 'queued' : 'failed',
          run_at: (retryAt ?? new Date()).toISOString(),
          locked_until: null,
          last_error: error.slice(0, 1000),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    async deleteFinished(before, limit) {
      // By status and due time: the queue's ready index (status, run_at) finds them without a scan.
      const finished = db
        .selectFrom('job')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'done'), eb('run_at', '<', before.done.toISOString())]),
            eb.and([eb('status', '=', 'failed'), eb('run_at', '<', before.failed.toISOString())]),
          ]),
        )
        .limit(limit);
      const res = await db.deleteFrom('job').where('id', 'in', finished).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
