import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { Database, GroupLinkTable, GroupMemberTable, WorkspaceGroupTable } from '../../db/schema.js';
import { jobQueue } from '../../jobs/queue.js';

export type GroupRow = Selectable<WorkspaceGroupTable>;
export type MemberRow = Selectable<GroupMemberTable>;
export type LinkRow = Selectable<GroupLinkTable>;

/** A group as one user sees it: the row, their role, and its counts. */
export type GroupViewRow = GroupRow & { role: 'owner' | 'member'; link_count: unknown; member_count: unknown };
/** An active membership: the group and the caller's role in it. */
export type Membership = GroupRow & { role: 'owner' | 'member'; member_id: string };
export type MemberListRow = MemberRow & { name: string | null };
export type InvitationRow = MemberRow & { owner_id: string };

// LIKE's wildcards in a search are literal characters.
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function linkFilterOf(db: Kysely<Database>, groupId: string, q?: string) {
  let query = db.selectFrom('group_link').where('group_id', '=', groupId);
  if (q) {
    const pattern = likePattern(q);
    query = query.where(
      sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(link) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** A page of a group's links, newest first, walking the (group_id, created_at) index. */
export const linkPageQuery = (
  db: Kysely<Database>,
  groupId: string,
  q: string | undefined,
  limit: number,
  offset: number,
) =>
  linkFilterOf(db, groupId, q)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);

/** Groups, members, invitations and links; each method one query, so a transaction can combine them. */
export function groupRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    ...groupQueries(db, dialect),
    /** Runs `work` in one transaction, with the queries bound to it (and the transaction, for jobs it queues). */
    transaction: <T>(work: (queries: GroupQueries, trx: Kysely<Database>) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => work(groupQueries(trx, dialect), trx)),
  };
}
export type GroupQueries = ReturnType<typeof groupQueries>;

function groupQueries(db: Kysely<Database>, dialect: Dialect) {
  // Asked by /auth/me, which the apps ask on every start and focus: built and compiled once.
  const anyMembership = prepared(db, (userId: string) =>
    db.selectFrom('group_member').select('id').where('user_id', '=', userId).where('status', '=', 'active').limit(1),
  );
  const views = (userId: string) =>
    db
      .selectFrom('group_member as me')
      .innerJoin('workspace_group as g', 'g.id', 'me.group_id')
      .selectAll('g')
      .select((eb) => [
        'me.role',
        eb
          .selectFrom('group_link as l')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('l.group_id', '=', 'g.id')
          .as('link_count'),
        eb
          .selectFrom('group_member as m')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('m.group_id', '=', 'g.id')
          .where('m.status', '=', 'active')
          .as('member_count'),
      ])
      .where('me.user_id', '=', userId)
      .where('me.status', '=', 'active')
      .where('g.deleted_at', 'is', null);

  const linkFilter = (groupId: string, q?: string) => linkFilterOf(db, groupId, q);

  return {
    /**
     * Holds the user's row until the transaction ends, so that their count-then-insert steps run one
     * at a time. SQLite's transactions begin immediate and already run one at a time.
     */
    async lockUser(userId: string): Promise<void> {
      let query = db.selectFrom('user').select('id').where('id', '=', userId);
      if (dialect === 'postgres') query = query.forUpdate();
      await query.execute();
    },

    async countOwnedGroups(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('workspace_group')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', ownerId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Members (not owners), pending or active, over every group the owner has. */
    async countOwnedMembers(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('group_member as m')
        .innerJoin('workspace_group as g', 'g.id', 'm.group_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('g.owner_id', '=', ownerId)
        .where('m.role', '=', 'member')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertGroup(row: Insertable<WorkspaceGroupTable>): Promise<void> {
      await db.insertInto('workspace_group').values(row).execute();
    },

    async insertMember(row: Insertable<GroupMemberTable>): Promise<void> {
      await db.insertInto('group_member').values(row).execute();
    },

    /** Groups the user owns or is an active member of: owned first, then by name. */
    listFor: (userId: string): Promise<GroupViewRow[]> =>
      views(userId)
        .orderBy(sql`case when g.owner_id = ${userId} then 0 else 1 end`)
        .orderBy('g.name_key')
        .orderBy('g.id')
        .execute() as Promise<GroupViewRow[]>,

    view: (groupId: string, userId: string): Promise<GroupViewRow | undefined> =>
      views(userId).where('g.id', '=', groupId).executeTakeFirst() as Promise<GroupViewRow | undefined>,

    /** The user's active membership of a group, or nothing: pending invitations grant nothing. */
    membership: (groupId: string, userId: string): Promise<Membership | undefined> =>
      db
        .selectFrom('group_member as me')
        .innerJoin('workspace_group as g', 'g.id', 'me.group_id')
        .selectAll('g')
        .select(['me.role', 'me.id as member_id'])
        .where('me.group_id', '=', groupId)
        .where('me.user_id', '=', userId)
        .where('me.status', '=', 'active')
        .where('g.deleted_at', 'is', null)
        .executeTakeFirst(),

    async hasGroups(userId: string): Promise<boolean> {
      return !!(await anyMembership.first(userId));
    },

    async rename(groupId: string, name: string, nameKey: string, at: string): Promise<void> {
      await db
        .updateTable('workspace_group')
        .set({ name, name_key: nameKey, updated_at: at })
        .where('id', '=', groupId)
        .execute();
    },

    async touch(groupId: string, at: string): Promise<void> {
      await db.updateTable('workspace_group').set({ updated_at: at }).where('id', '=', groupId).execute();
    },

    /**
     * Marks the group deleted and frees its name (the owner may make a new group of that name at
     * once: a live name_key is lower case, so an upper-case one never meets it); with its member
     * rows gone in the same transaction, no one reaches it any more.
     */
    async markDeleted(groupId: string, at: string): Promise<void> {
      await db
        .updateTable('workspace_group')
        .set({ deleted_at: at, name_key: `DELETED:${groupId}`, updated_at: at })
        .where('id', '=', groupId)
        .execute();
    },

    /** Queues the job that removes a deleted group's links (once per group), in this transaction. */
    async queuePurge(type: string, groupId: string): Promise<void> {
      await jobQueue(db, dialect).enqueue(type, { groupId }, { id: `${type}:${groupId}` });
    },

    /** Up to `limit` of a deleted group's links, in one short statement; answers how many went. */
    async deleteLinkBatch(groupId: string, limit: number): Promise<number> {
      const res = await db
        .deleteFrom('group_link')
        .where('id', 'in', (eb) =>
          eb.selectFrom('group_link').select('id').where('group_id', '=', groupId).limit(limit),
        )
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** The row of a group whose links are all gone; only a group marked deleted. */
    async deleteMarkedGroup(groupId: string): Promise<void> {
      await db.deleteFrom('workspace_group').where('id', '=', groupId).where('deleted_at', 'is not', null).execute();
    },

    async deleteMembersOf(groupId: string): Promise<void> {
      await db.deleteFrom('group_member').where('group_id', '=', groupId).execute();
    },

    /** Owner first, then members by when they joined; pending invitations only when asked for. */
    members(groupId: string, withPending: boolean): Promise<MemberListRow[]> {
      let query = db
        .selectFrom('group_member as m')
        .leftJoin('user as u', 'u.id', 'm.user_id')
        .leftJoin('profile as p', 'p.user_id', 'm.user_id')
        .selectAll('m')
        .select(sql<string | null>`coalesce(p.display_name, u.name)`.as('name'))
        .where('m.group_id', '=', groupId);
      if (!withPending) query = query.where('m.status', '=', 'active');
      return query
        .orderBy(sql`case when m.role = 'owner' then 0 when m.status = 'active' then 1 else 2 end`)
        .orderBy('m.joined_at')
        .orderBy('m.id')
        .execute();
    },

    /** A member row by its user's id, or by its own id (a pending invitation has no user yet). */
    member: (groupId: string, memberId: string): Promise<MemberRow | undefined> =>
      db
        .selectFrom('group_member')
        .selectAll()
        .where('group_id', '=', groupId)
        .where((eb) => eb.or([eb('user_id', '=', memberId), eb('id', '=', memberId)]))
        .executeTakeFirst(),

    async hasAddress(groupId: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('group_member')
        .select('id')
        .where('group_id', '=', groupId)
        .where('email', '=', email)
        .executeTakeFirst();
      return !!row;
    },

    /** An expired invitation of an address gives way to a new one. */
    async deleteExpiredInvitation(groupId: string, email: string, at: string): Promise<void> {
      await db
        .deleteFrom('group_member')
        .where('group_id', '=', groupId)
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .where('token_expires_at', '<=', at)
        .execute();
    },

    async deleteMember(rowId: string): Promise<boolean> {
      const res = await db.deleteFrom('group_member').where('id', '=', rowId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    invitation: (tokenHash: string): Promise<InvitationRow | undefined> =>
      db
        .selectFrom('group_member as m')
        .innerJoin('workspace_group as g', 'g.id', 'm.group_id')
        .selectAll('m')
        .select('g.owner_id')
        .where('m.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** Pending to active; false when it was no longer pending (a second accept at the same moment). */
    async activate(rowId: string, userId: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('group_member')
        .set({ status: 'active', user_id: userId, activated_at: at })
        .where('id', '=', rowId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** A page of a group's links, newest first, walking the (group_id, created_at) index. */
    links: (groupId: string, q: string | undefined, limit: number, offset: number): Promise<LinkRow[]> =>
      linkPageQuery(db, groupId, q, limit, offset).execute(),

    async linkTotal(groupId: string, q: string | undefined): Promise<number> {
      const row = await linkFilter(groupId, q)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    link: (groupId: string, linkId: string): Promise<LinkRow | undefined> =>
      db
        .selectFrom('group_link')
        .selectAll()
        .where('group_id', '=', groupId)
        .where('id', '=', linkId)
        .executeTakeFirst(),

    async insertLink(row: Insertable<GroupLinkTable>): Promise<void> {
      await db.insertInto('group_link').values(row).execute();
    },

    async updateLink(
      groupId: string,
      linkId: string,
      set: Partial<Omit<LinkRow, 'id' | 'group_id' | 'created_at'>>,
    ): Promise<LinkRow | undefined> {
      return db
        .updateTable('group_link')
        .set(set)
        .where('group_id', '=', groupId)
        .where('id', '=', linkId)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteLink(groupId: string, linkId: string): Promise<LinkRow | undefined> {
      return db
        .deleteFrom('group_link')
        .where('group_id', '=', groupId)
        .where('id', '=', linkId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type GroupRepository = ReturnType<typeof groupRepository>;
