import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Dialect } from '../../../db/index.js';

/**
 * The cap of open streams per account, kept in the database so that it holds across every server
 * process: a seat is a row, taken when a stream opens and given back when it closes. The process
 * holding a seat renews it at each heartbeat; a seat not renewed for `leaseMs` (its process died)
 * is free again. The repository of the live_stream table: taking a seat counts and inserts in one
 * transaction, so that the cap holds however many processes take seats at once.
 */
export function streamSeats(db: Kysely<Database>, dialect: Dialect, opts: { perAccount: number; leaseMs: number }) {
  const expiry = () => new Date(Date.now() + opts.leaseMs).toISOString();
  return {
    /** A seat's id for the account's new stream, or null when the account holds all of them. */
    async take(accountId: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        // Count-then-insert one at a time per account: Postgres holds the user's row till the end;
        // SQLite's transactions begin immediate and already run one at a time.
        if (dialect === 'postgres')
          await trx.selectFrom('user').select('id').where('id', '=', accountId).forUpdate().execute();
        const now = new Date().toISOString();
        await trx.deleteFrom('live_stream').where('account_id', '=', accountId).where('expires_at', '<', now).execute();
        const held = await trx
          .selectFrom('live_stream')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow();
        if (Number(held.n) >= opts.perAccount) return null;
        const id = randomUUID();
        await trx.insertInto('live_stream').values({ id, account_id: accountId, expires_at: expiry() }).execute();
        return id;
      });
    },

    /** Keeps this process's seats: one statement for all of them. */
    async renew(ids: string[]): Promise<void> {
      const until = expiry();
      for (let from = 0; from < ids.length; from += 500)
        await db
          .updateTable('live_stream')
          .set({ expires_at: until })
          .where('id', 'in', ids.slice(from, from + 500))
          .execute();
    },

    async release(id: string): Promise<void> {
      await db.deleteFrom('live_stream').where('id', '=', id).execute();
    },

    /** Every seat of a process that stops (its streams end; their clients reconnect elsewhere). */
    async releaseAll(ids: string[]): Promise<void> {
      for (let from = 0; from < ids.length; from += 500)
        await db
          .deleteFrom('live_stream')
          .where('id', 'in', ids.slice(from, from + 500))
          .execute();
    },
  };
}

export type StreamSeats = ReturnType<typeof streamSeats>;
