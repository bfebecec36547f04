import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  createGroupSchema,
  groupLimits,
  groupMessages as m,
  renameGroupSchema,
  type CreatedGroup,
  type WithMessage,
  type Group,
} from '@linkhive/shared/domain';
import { badRequest, conflict } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  groupContext,
  nameKey,
  newInvitation,
  toGroup,
  upgradeRequired,
  type GroupServiceDeps,
  type GroupUser,
} from './context.js';
import { groupLinks } from './links.js';
import { groupMembers, memberLimitCheck } from './members.js';
import { GROUP_PURGE_JOB, groupPurgeBatch } from './purge.js';
import { trashTimes } from '../trash/service.js';

export type { GroupServiceDeps, GroupUser } from './context.js';

/**
 * Team workspaces: every call checks the caller's access to the group before it acts. Inputs come
 * parsed by the routes' contract (shared/src/contract/groups.ts).
 */
export function groupService(deps: GroupServiceDeps) {
  const ctx = groupContext(deps);
  const { repo } = ctx;

  return {
    ...groupMembers(ctx),
    ...groupLinks(ctx),

    async list(user: GroupUser): Promise<{ items: Group[] }> {
      return { items: (await repo.listFor(user.id)).map(toGroup) };
    },

    /** Whether the user owns or is an active member of any group (the Workspace menu shows then). */
    hasGroups: (userId: string) => repo.hasGroups(userId),

    /**
     * A new private group, and with `email` its first invitation, both or neither. The plan's limits
     * are counted under a lock on the owner's row, so two creates at once cannot both pass them.
     */
    async create(user: GroupUser, input: z.output<typeof createGroupSchema>): Promise<CreatedGroup> {
      const email = input.email?.toLowerCase();
      if (email && email === user.email.toLowerCase()) throw badRequest(m.cannotInviteSelf, 'email');
      const plan = await ctx.planOf(user);
      const at = ctx.now();
      const id = randomUUID();
      const invitation = email ? newInvitation(id, email, user.id, at) : null;
      try {
        await repo.transaction(async (r, trx) => {
          await r.lockUser(user.id);
          const limit = groupLimits[plan];
          if (limit !== null && (await r.countOwnedGroups(user.id)) >= limit) throw upgradeRequired(m.upgradeGroups);
          await r.insertGroup({
            id,
            owner_id: user.id,
            name: input.name,
            name_key: nameKey(input.name),
            is_private: 1,
            allow_member_invites: 0,
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
          });
          await r.insertMember({
            id: randomUUID(),
            group_id: id,
            user_id: user.id,
            email: user.email.toLowerCase(),
            role: 'owner',
            status: 'active',
            invited_by: null,
            joined_at: at.toISOString(),
            activated_at: at.toISOString(),
            token_hash: null,
            token_expires_at: null,
          });
          if (invitation) {
            await memberLimitCheck(r, user.id, plan);
            await r.insertMember(invitation.row);
            await ctx.mails.queueInvitation(trx, {
              to: email!,
              inviterId: user.id,
              groupName: input.name,
              inviterName: user.name,
              token: invitation.token,
            });
          }
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(m.nameTaken, 'name', 'name_taken');
        throw e;
      }
      if (invitation) ctx.mails.sendQueued();
      await ctx.publish({ groupId: id, kind: 'members' });
      return {
        message: invitation ? m.groupCreatedInvited : m.groupCreated,
        group: await ctx.view(id, user),
        invited: !!invitation,
      };
    },

    async rename(
      user: GroupUser,
      groupId: string,
      { name }: z.output<typeof renameGroupSchema>,
    ): Promise<WithMessage & { group: Group }> {
      await ctx.ownerAccess(user, groupId, m.ownerOnlyGroup);
      try {
        await repo.rename(groupId, name, nameKey(name), ctx.now().toISOString());
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(m.nameTaken, 'name', 'name_taken');
        throw e;
      }
      await ctx.publish({ groupId, kind: 'group' });
      return { message: m.groupUpdated, group: await ctx.view(groupId, user) };
    },

    /**
     * Marks the group deleted, removes its member records and queues the removal of its links, in
     * one transaction: it vanishes for every member at once, and the answer does not wait for the
     * links, which the GROUP_PURGE_JOB removes in batches (a group may hold 100,000).
     */
    async remove(user: GroupUser, groupId: string): Promise<WithMessage> {
      await ctx.ownerAccess(user, groupId, m.ownerOnlyGroup);
      const at = ctx.now().toISOString();
      await repo.transaction(async (r) => {
        await r.markDeleted(groupId, at);
        await r.deleteMembersOf(groupId);
        await r.queuePurge(GROUP_PURGE_JOB, groupId);
      });
      // One batch here, the size of one of the job's statements: a small group is then gone
      // entirely before the answer; a big one is left to the job. A failure is the job's to repair.
      try {
        const times = trashTimes(ctx.trash.days, ctx.now());
        if ((await ctx.trash.links.toOwnersTrash(groupId, groupPurgeBatch, times)) < groupPurgeBatch)
          await repo.deleteMarkedGroup(groupId);
      } catch (err) {
        deps.log?.warn({ err, groupId }, 'first batch of a group delete failed; left to its job');
      }
      await ctx.publish({ groupId, kind: 'deleted' });
      return { message: m.groupDeleted };
    },
  };
}

export type GroupService = ReturnType<typeof groupService>;
