import type { Kysely } from 'kysely';

/**
 * The open live-update streams, one row each, so that the cap of streams per account holds across
 * every server process (cluster mode, several machines on Postgres), not per process. A row lives
 * while its process renews it; a process that died without closing its streams leaves rows that
 * expire on their own.
 */
export function liveStreams() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('live_stream')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_stream_by_account')
        .on('live_stream')
        .columns(['account_id', 'expires_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('live_stream').ifExists().execute();
    },
  };
}
