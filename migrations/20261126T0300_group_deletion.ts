import type { Kysely } from 'kysely';

/**
 * A deleted group is first only marked (and its members removed, so it vanishes for everyone at
 * once); its links are then removed in batches by a background job, and the row last. Deleting tens
 * of thousands of links in one statement held the database for seconds and stalled other users.
 */
export function groupDeletion() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('workspace_group').addColumn('deleted_at', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('workspace_group').dropColumn('deleted_at').execute();
    },
  };
}
