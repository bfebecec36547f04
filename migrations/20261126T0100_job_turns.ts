import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Turns between accounts within a lane: a job remembers whose work it is and its place in that
 * account's line (`turn`: how many of the account's jobs of its kind were waiting when it was
 * queued). Jobs are taken by turn first, so one account's 3,000 screenshots do not hold back
 * another's first one.
 */
export function jobTurns(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('job').addColumn('account_id', 'text').execute();
      await db.schema
        .alterTable('job')
        .addColumn('turn', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('job_waiting_by_account')
        .on('job')
        .columns(['account_id', 'type', 'status'])
        .execute();
      await db.schema.createIndex('job_by_turn').on('job').columns(['status', 'type', 'turn', 'run_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('job_by_turn').ifExists().execute();
      await db.schema.dropIndex('job_waiting_by_account').ifExists().execute();
      await db.schema.alterTable('job').dropColumn('turn').execute();
      await db.schema.alterTable('job').dropColumn('account_id').execute();
    },
  };
}
