import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  domainOf,
  feedMessages,
  groupLinkListQuerySchema,
  groupLinkLimits,
  groupLinkSchema,
  groupMessages as m,
  moveGroupLinkSchema,
  normaliseLink,
  updateGroupLinkSchema,
  type GroupLink,
  type GroupLinkPage,
  type Restored,
  type TrashPage,
  type WithMessage,
} from '@linkhive/shared/domain';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { toLink, type GroupContext, type GroupUser } from './context.js';
import type { GroupQueries, LinkRow } from './repository.js';
import type { FeedSourceRow } from '../bookmarks/repository.js';
import { trashPageOf, trashTimes } from '../trash/service.js';

const duplicate = () => conflict(m.duplicateLink, 'link', 'duplicate_link');

/**
 * Refuses a link past the plan's cap on links per group. Run inside the write's transaction, after
 * the owner's row is locked (only the owner adds), so two adds at once cannot both pass it.
 */
async function capCheck(r: GroupQueries, ownerId: string, groupId: string, cap: number): Promise<void> {
  await r.lockUser(ownerId);
  if ((await r.linkTotal(groupId, undefined)) >= cap) throw conflict(m.linkLimit(cap), undefined, 'group_link_limit');
}

/** A group's links: every active member reads them; only the owner adds, edits, deletes and moves. */
export function groupLinks(ctx: GroupContext) {
  const { repo, trash } = ctx;

  async function ownLink(user: GroupUser, groupId: string, linkId: string, refusal: string): Promise<LinkRow> {
    await ctx.ownerAccess(user, groupId, refusal);
    const row = linkId.length <= 100 ? await repo.link(groupId, linkId) : undefined;
    if (!row) throw notFound(m.linkNotFound);
    return row;
  }

  /** Runs a write that may meet the (group_id, link_key) unique index. */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicate();
      throw e;
    }
  }

  return {
    /** A link's feed address for the RSS dialog: any active member may read it, like the link itself. */
    async linkFeedSource(user: GroupUser, groupId: string, linkId: string): Promise<FeedSourceRow> {
      await ctx.access(user, groupId);
      const row = linkId.length <= 100 ? await repo.link(groupId, linkId) : undefined;
      if (!row) throw notFound(m.linkNotFound);
      if (!row.rss_feed) throw notFound(feedMessages.noFeedAddress);
      return { id: row.id, title: row.title, category: row.category, rss_feed: row.rss_feed };
    },

    /**
     * A page of the group's links; `q` finds them by title, address or the words of their page
     * (`in: 'title'`: the title only), title and address matches first (repository's `matchOf`).
     */
    async links(
      user: GroupUser,
      groupId: string,
      { q, in: scope, page, pageSize }: z.output<typeof groupLinkListQuerySchema>,
    ): Promise<GroupLinkPage> {
      await ctx.access(user, groupId);
      // Tagged once here: `links` and `linkTotal` would each look the group's tag up otherwise.
      const search = await repo.linkSearch(groupId, q ? { q, in: scope } : undefined);
      const [rows, total] = await Promise.all([
        repo.links(groupId, search, pageSize, (page - 1) * pageSize),
        repo.linkTotal(groupId, search),
      ]);
      return { items: rows.map(toLink), total, page, pageSize };
    },

    async addLink(
      user: GroupUser,
      groupId: string,
      input: z.output<typeof groupLinkSchema>,
    ): Promise<WithMessage & { link: GroupLink }> {
      await ctx.ownerAccess(user, groupId, m.ownerOnlyAdd);
      const at = ctx.now().toISOString();
      const row: LinkRow = {
        id: randomUUID(),
        group_id: groupId,
        link: input.link,
        link_key: normaliseLink(input.link),
        domain: domainOf(input.link),
        title: input.title,
        category: input.category,
        rss_feed: input.rssFeed || null,
        added_by: user.id,
        created_at: at,
        updated_at: at,
      };
      const cap = groupLinkLimits[await ctx.planOf(user)];
      await unique(() =>
        repo.transaction(async (r) => {
          await capCheck(r, user.id, groupId, cap);
          await r.insertLink(row);
        }),
      );
      // Its page is read after the answer: the row says it is still to be read (read_state null).
      ctx.copies?.saved();
      await ctx.publish({ groupId, kind: 'links' });
      return { message: m.linkAdded, link: toLink(row) };
    },

    async updateLink(
      user: GroupUser,
      groupId: string,
      linkId: string,
      input: z.output<typeof updateGroupLinkSchema>,
    ): Promise<WithMessage & { link: GroupLink }> {
      const current = await ownLink(user, groupId, linkId, m.ownerOnlyEdit);
      const changes: Parameters<GroupQueries['updateLink']>[2] = { updated_at: ctx.now().toISOString() };
      const moved = input.link !== undefined && input.link !== current.link;
      // A copy is of an address: at another, the old page's copy goes and the new page is to be read.
      if (moved)
        Object.assign(changes, {
          link: input.link,
          link_key: normaliseLink(input.link!),
          domain: domainOf(input.link!),
          read_state: null,
          read_at: null,
          read_failures: null,
        });
      if (input.title !== undefined) changes.title = input.title;
      if (input.category !== undefined) changes.category = input.category;
      if (input.rssFeed !== undefined) changes.rss_feed = input.rssFeed || null;
      const row = await unique(() =>
        moved
          ? repo.transaction(async (r) => {
              const updated = await r.updateLink(groupId, linkId, changes);
              if (updated) await r.deleteCopy(linkId);
              return updated;
            })
          : repo.updateLink(groupId, linkId, changes),
      );
      if (!row) throw notFound(m.linkNotFound);
      if (moved) ctx.copies?.saved();
      await ctx.publish({ groupId, kind: 'links' });
      return { message: m.linkUpdated, link: toLink(row) };
    },

    /** The link goes to the group's trash, from where the owner may restore it for TRASH_DAYS. */
    async deleteLink(user: GroupUser, groupId: string, linkId: string): Promise<WithMessage> {
      await ownLink(user, groupId, linkId, m.ownerOnlyDelete);
      if (!(await trash.links.put(groupId, [linkId], trashTimes(trash.days, ctx.now()))))
        throw notFound(m.linkNotFound);
      await ctx.publish({ groupId, kind: 'links' });
      return { message: m.linkDeleted };
    },

    /** The group's trash, newest first: the owner's alone to see. */
    async trash(user: GroupUser, groupId: string, page: number, pageSize: number): Promise<TrashPage> {
      await ctx.ownerAccess(user, groupId, m.ownerOnlyDelete);
      const { rows, total } = await trash.links.list(groupId, pageSize, (page - 1) * pageSize);
      return trashPageOf(rows, total, trash.days);
    },

    /** Puts trashed links back as they were; one whose page the group has again stays in the trash. */
    async restoreLinks(user: GroupUser, groupId: string, ids: string[]): Promise<Restored> {
      await ctx.ownerAccess(user, groupId, m.ownerOnlyDelete);
      const answer = await trash.links.restore(groupId, [...new Set(ids)]);
      if (answer.restored) await ctx.publish({ groupId, kind: 'links' });
      return answer;
    },

    /** From the old group to the new, with its copy, atomically: a duplicate in the target changes nothing. */
    async moveLink(
      user: GroupUser,
      groupId: string,
      linkId: string,
      { groupId: target }: z.output<typeof moveGroupLinkSchema>,
    ): Promise<WithMessage & { link: GroupLink }> {
      await ownLink(user, groupId, linkId, m.ownerOnlyEdit);
      await ctx.ownerAccess(user, target, m.ownerOnlyEdit);
      if (target === groupId) throw badRequest(m.sameGroup, 'groupId', 'same_group');
      const at = ctx.now().toISOString();
      const cap = groupLinkLimits[await ctx.planOf(user)];
      const moved = await unique(() =>
        repo.transaction(async (r) => {
          await capCheck(r, user.id, target, cap);
          const row = await r.moveLink(groupId, linkId, target, at);
          if (!row) throw notFound(m.linkNotFound);
          return row;
        }),
      );
      await ctx.publish({ groupId, kind: 'links' }, { groupId: target, kind: 'links' });
      return { message: m.linkUpdated, link: toLink(moved) };
    },
  };
}
