import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Team workspaces: groups, their members (and pending invitations), their links, and the change log
 * that live updates are read from.
 *
 * The owner has a member row too (role 'owner'), so "the groups I belong to" is one join. An invited
 * address may have no account yet: a pending row holds the address and the hash of its token (never
 * the token), and gets its user id when the invitee accepts. Group links carry the same link_key as
 * bookmarks, so one link once per group is a unique index, under concurrent requests too.
 * group_event has no foreign key: a deleted group's last event must outlive it.
 */
export function groups(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('workspace_group')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // The name trimmed and lower-cased: 'Team' and 'team ' are one name for one owner.
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('allow_member_invites', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('workspace_group_owner_name')
        .unique()
        .on('workspace_group')
        .columns(['owner_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('group_member')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('group_id', 'text', (c) => c.notNull().references('workspace_group.id').onDelete('cascade'))
        // Null while an invited address has no account or has not accepted yet.
        .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
        // Lower-cased; the invitation is for this address only.
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addColumn('activated_at', 'text')
        // SHA-256 of the mailed token, hex; the token itself is never stored.
        .addColumn('token_hash', 'text')
        .addColumn('token_expires_at', 'text')
        .execute();
      await db.schema
        .createIndex('group_member_group_email')
        .unique()
        .on('group_member')
        .columns(['group_id', 'email'])
        .execute();
      await db.schema.createIndex('group_member_user').on('group_member').columns(['user_id', 'status']).execute();
      await db.schema.createIndex('group_member_token').unique().on('group_member').column('token_hash').execute();

      await db.schema
        .createTable('group_link')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('group_id', 'text', (c) => c.notNull().references('workspace_group.id').onDelete('cascade'))
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('link_key', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('rss_feed', 'text')
        .addColumn('added_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('group_link_group_link_key')
        .unique()
        .on('group_link')
        .columns(['group_id', 'link_key'])
        .execute();
      // The group's page: newest first, a page at a time, also with 10,000 links.
      await db.schema
        .createIndex('group_link_group_created')
        .on('group_link')
        .columns(['group_id', 'created_at'])
        .execute();

      let events = db.schema
        .createTable('group_event')
        .addColumn('group_id', 'text', (c) => c.notNull())
        // Set when the change concerns one person (removed, left): they hear of it even once they are no member.
        .addColumn('user_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull());
      events =
        ctx.dialect === 'postgres'
          ? events.addColumn('seq', 'bigserial', (c) => c.primaryKey())
          : events.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement());
      await events.execute();
      await db.schema.createIndex('group_event_group').on('group_event').columns(['group_id', 'seq']).execute();
      await db.schema.createIndex('group_event_created').on('group_event').column('created_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('group_event').ifExists().execute();
      await db.schema.dropTable('group_link').ifExists().execute();
      await db.schema.dropTable('group_member').ifExists().execute();
      await db.schema.dropTable('workspace_group').ifExists().execute();
    },
  };
}
