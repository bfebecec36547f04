import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { searchTokens, type SearchScope, type Snippet } from '@linkhive/shared/domain';
import { pageHead, pageHeadColumns, passagesFromHeads } from '../copies/page-heads.js';
import type { Dialect } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import { groupPageTag, groupPageTagSql, ownerTag } from '../../db/search-index-words.js';
import type { Database, GroupLinkTable, GroupMemberTable, WorkspaceGroupTable } from '../../db/schema.js';
import { jobQueue } from '../../jobs/queue.js';

export type GroupRow = Selectable<WorkspaceGroupTable>;
export type MemberRow = Selectable<GroupMemberTable>;
/** A link's own columns: not the crawler's state nor (Postgres) its page's words. */
export type LinkRow = Omit<Selectable<GroupLinkTable>, 'read_state' | 'read_at' | 'read_failures' | 'page_vector'>;
/** A link found by a search: with the passage of its page where the words are, when they are there. */
export type FoundLinkRow = LinkRow & { snippet?: Snippet };

/** A group as one user sees it: the row, their role, and its counts. */
export type GroupViewRow = GroupRow & { role: 'owner' | 'member'; link_count: unknown; member_count: unknown };
/** An active membership: the group and the caller's role in it. */
export type Membership = GroupRow & { role: 'owner' | 'member'; member_id: string };
export type MemberListRow = MemberRow & { name: string | null };
export type InvitationRow = MemberRow & { owner_id: string };

/** The columns a link is answered with (never the page's words, which Postgres keeps on the row). */
const linkColumns = [
  'id',
  'group_id',
  'link',
  'link_key',
  'domain',
  'title',
  'category',
  'rss_feed',
  'added_by',
  'created_at',
  'updated_at',
] as const;

// LIKE's wildcards in a search are literal characters.
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search of a group's links: `q` as typed is found inside the title or the address (a substring,
 * as before pages were searched), and its words (`searchTokens`, the last as a prefix, as the user
 * types) in the page's readable copy; with `in: 'title'` in the title alone.
 */
export interface LinkSearch {
  q: string;
  in?: SearchScope;
  /**
   * The group's tag in the page index, set by the repository: on SQLite its rowid's (`ownerTag`),
   * null when there is no such group; on Postgres `groupPageTag`.
   */
  tag?: string | null;
}

/** Whether a search looks in the pages (it has words, and not in titles only). */
const readsPages = (s: LinkSearch | undefined): s is LinkSearch =>
  !!s && s.in !== 'title' && searchTokens(s.q).length > 0;

/**
 * Where a search's match was: 0 the title, 1 the address, 2 the page only. Title and address
 * matches come first; within each, the newest first.
 */
function matchOf(dialect: Dialect, s: LinkSearch) {
  const pattern = likePattern(s.q);
  const inTitle = sql<boolean>`lower(group_link.title) like ${pattern} escape '\\'`;
  if (s.in === 'title') return { where: inTitle, rank: null };
  const inAddress = sql<boolean>`lower(group_link.link) like ${pattern} escape '\\'`;
  const words = searchTokens(s.q);
  let inPage: RawBuilder<boolean> | null = null;
  if (words.length && s.tag && dialect === 'sqlite') {
    const terms = words.map((w, i) => (i === words.length - 1 ? `"${s.tag}${w}"*` : `"${s.tag}${w}"`));
    inPage = sql<boolean>`group_link.rowid in (select rowid from group_link_fts where group_link_fts match ${terms.join(' AND ')})`;
  } else if (words.length && s.tag) {
    // The words as stored (tagged, no parser): the last as a prefix.
    const query = words.map((w, i) => `'${s.tag}${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
    // Found by the GIN index alone: the tag scopes the words to the group (the outer query keeps its
    // links), so no other index offers to read the group's rows and their vectors one by one.
    inPage = sql<boolean>`group_link.id in (select p.id from group_link p where p.page_vector @@ ${query}::tsquery)`;
  }
  return {
    where: sql<boolean>`(${sql.join(inPage ? [inTitle, inAddress, inPage] : [inTitle, inAddress], sql` or `)})`,
    rank: sql<number>`case when ${inTitle} then 0 when ${inAddress} then 1 else 2 end`,
  };
}

function linkFilterOf(db: Kysely<Database>, dialect: Dialect, groupId: string, s?: LinkSearch) {
  let query = db.selectFrom('group_link').where('group_id', '=', groupId);
  if (s) query = query.where(matchOf(dialect, s).where);
  return query;
}

/**
 * A page of a group's links: without a search newest first, walking the (group_id, created_at)
 * index; with one, title matches first, then address matches, then those found in their page.
 */
export const linkPageQuery = (
  db: Kysely<Database>,
  dialect: Dialect,
  groupId: string,
  search: LinkSearch | undefined,
  limit: number,
  offset: number,
) => {
  const rank = search && matchOf(dialect, search).rank;
  return (
    linkFilterOf(db, dialect, groupId, search)
      .select(linkColumns)
      // Where each was found (the page: 2), for its passage.
      .select(rank ? rank.as('found_in') : sql<null>`null`.as('found_in'))
      .$if(!!rank, (q) => q.orderBy(rank!))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
  );
};

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

  /** The search with its group's tag in the page index (`LinkSearch.tag`). */
  async function tagged(groupId: string, s: LinkSearch | undefined): Promise<LinkSearch | undefined> {
    if (!readsPages(s) || s.tag !== undefined) return s;
    if (dialect === 'postgres') return { ...s, tag: groupPageTag(groupId) };
    const group = await sql<{ n: number }>`select rowid as n from workspace_group where id = ${groupId}`.execute(db);
    return { ...s, tag: group.rows[0] ? ownerTag(Number(group.rows[0].n)) : null };
  }

  /**
   * Runs a search. On Postgres one that reads the pages runs where the planner may not scan the
   * table (migrations/20261129T0900_group_link_pages): it would read every vector of the group.
   */
  async function searching<T>(s: LinkSearch | undefined, run: (q: Kysely<Database>) => Promise<T>): Promise<T> {
    if (dialect !== 'postgres' || !readsPages(s) || db.isTransaction) return run(db);
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return run(trx);
    });
  }

  /**
   * The links of a page of results, those found by their page with the passage where the words are
   * (a link found by its title or address shows that, not a passage).
   */
  async function withSnippets(
    found: (LinkRow & { found_in: number | null })[],
    s: LinkSearch | undefined,
  ): Promise<FoundLinkRow[]> {
    const rows = found.map(({ found_in: _, ...row }) => row);
    const inPages = found.filter((r) => Number(r.found_in) === 2).map((r) => r.id);
    if (!s || !inPages.length) return rows;
    const words = searchTokens(s.q);
    const head = pageHeadColumns(dialect, 'group_link_copy.text');
    const heads = await db
      .selectFrom('group_link_copy')
      .select(['group_link_id', head.head.as('head'), head.cut.as('cut'), head.dotted.as('dotted')])
      .where('group_link_id', 'in', inPages)
      .execute();
    const pages = new Map(
      heads.flatMap((h) => {
        const page = pageHead(h.head, h.cut, h.dotted);
        return page ? [[h.group_link_id, page] as const] : [];
      }),
    );
    return passagesFromHeads(rows, pages, words, async (ids) => {
      const texts = await db
        .selectFrom('group_link_copy')
        .select(['group_link_id', 'text'])
        .where('group_link_id', 'in', ids)
        .execute();
      return new Map(texts.map((t) => [t.group_link_id, t.text]));
    });
  }

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

    /** The search with its group's tag in the page index, looked up once for `links` and `linkTotal`. */
    linkSearch: (groupId: string, search: LinkSearch | undefined) => tagged(groupId, search),

    /** A page of a group's links (`linkPageQuery`), those found in their page with its passage. */
    async links(
      groupId: string,
      search: LinkSearch | undefined,
      limit: number,
      offset: number,
    ): Promise<FoundLinkRow[]> {
      const s = await tagged(groupId, search);
      const rows = await searching(s, (q) => linkPageQuery(q, dialect, groupId, s, limit, offset).execute());
      return withSnippets(rows, s);
    },

    async linkTotal(groupId: string, search: LinkSearch | undefined): Promise<number> {
      const s = await tagged(groupId, search);
      const row = await searching(s, (q) =>
        linkFilterOf(q, dialect, groupId, s)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      );
      return Number(row.n);
    },

    link: (groupId: string, linkId: string): Promise<LinkRow | undefined> =>
      db
        .selectFrom('group_link')
        .select(linkColumns)
        .where('group_id', '=', groupId)
        .where('id', '=', linkId)
        .executeTakeFirst(),

    async insertLink(row: Insertable<GroupLinkTable>): Promise<void> {
      await db.insertInto('group_link').values(row).execute();
    },

    /**
     * Changes a link. A new address (`link` in `set`) takes its page's words away with it on
     * Postgres; the caller drops its copy (`deleteCopy`) in the same transaction.
     */
    async updateLink(
      groupId: string,
      linkId: string,
      set: Partial<Omit<Selectable<GroupLinkTable>, 'id' | 'group_id' | 'created_at' | 'page_vector'>>,
    ): Promise<LinkRow | undefined> {
      return db
        .updateTable('group_link')
        .set(set.link !== undefined && dialect === 'postgres' ? { ...set, page_vector: null } : set)
        .where('group_id', '=', groupId)
        .where('id', '=', linkId)
        .returning(linkColumns)
        .executeTakeFirst();
    },

    /** Takes a link's readable copy away (its address changed: the copy is of another page). */
    async deleteCopy(linkId: string): Promise<void> {
      await db.deleteFrom('group_link_copy').where('group_link_id', '=', linkId).execute();
    },

    /**
     * Moves a link to another group, with its copy and its place in the crawler's work (the group's
     * unique index refuses a link the target has).
     */
    async moveLink(groupId: string, linkId: string, target: string, at: string): Promise<LinkRow | undefined> {
      // Postgres: the page's words take the target's tag (SQLite's index has a trigger for it).
      const retag =
        dialect === 'postgres'
          ? {
              page_vector: sql<string>`case when page_vector is null then null else array_to_tsvector(array(
                select ${groupPageTagSql(sql`${target}::text`)} || substr(w, ${groupPageTag(target).length + 1})
                from unnest(tsvector_to_array(page_vector)) w)) end`,
            }
          : {};
      return db
        .updateTable('group_link')
        .set({ group_id: target, updated_at: at, ...retag })
        .where('group_id', '=', groupId)
        .where('id', '=', linkId)
        .returning(linkColumns)
        .executeTakeFirst();
    },

    /** Deletes a link; its copy goes with it (the foreign key's cascade). */
    async deleteLink(groupId: string, linkId: string): Promise<LinkRow | undefined> {
      return db
        .deleteFrom('group_link')
        .where('group_id', '=', groupId)
        .where('id', '=', linkId)
        .returning(linkColumns)
        .executeTakeFirst();
    },
  };
}

export type GroupRepository = ReturnType<typeof groupRepository>;
