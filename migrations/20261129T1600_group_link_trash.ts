import { sql, type Kysely } from 'kysely';

/**
 * A group's trash (issue 31): a link the owner deletes from a group leaves `group_link` (so members'
 * lists, search and feeds ignore it) and waits here, restorable by the owner, until its day
 * (`purge_at`, TRASH_DAYS after the delete). `row` and `copy` are the link's row and its readable
 * copy as JSON. A group deleted for good takes its trash with it.
 */
export function groupLinkTrash() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('group_link_trash')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('group_id', 'text', (c) => c.notNull().references('workspace_group.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('row', 'text', (c) => c.notNull())
        .addColumn('copy', 'text')
        .addColumn('trashed_at', 'text', (c) => c.notNull())
        .addColumn('purge_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create index group_link_trash_group on group_link_trash (group_id, trashed_at, id)`.execute(db);
      await sql`create index group_link_trash_purge on group_link_trash (purge_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('group_link_trash').ifExists().execute();
    },
  };
}
