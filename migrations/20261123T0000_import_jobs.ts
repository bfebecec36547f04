import type { Kysely } from 'kysely';

/**
 * Imports run in a worker thread and answer at once with a job: the job row now carries why it
 * failed, and a lease its worker renews, so a job whose process died can be told from one that
 * is merely slow and be ended (its staged rows removed) by the next process to start.
 */
export function importJobs() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('import_job').addColumn('error', 'text').execute();
      await db.schema.alterTable('import_job').addColumn('locked_until', 'text').execute();
      await db.schema.createIndex('import_job_status').on('import_job').columns(['status', 'locked_until']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('import_job_status').ifExists().execute();
      await db.schema.alterTable('import_job').dropColumn('locked_until').execute();
      await db.schema.alterTable('import_job').dropColumn('error').execute();
    },
  };
}
