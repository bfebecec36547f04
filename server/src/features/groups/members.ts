import type { z } from 'zod';
import {
  acceptInviteSchema,
  groupMessages as m,
  inviteSchema,
  memberLimits,
  type AcceptedInvite,
  type GroupMember,
  type PlanKey,
  type WithMessage,
} from '@linkhive/shared/domain';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { hashToken, newInvitation, toMember, upgradeRequired, type GroupContext, type GroupUser } from './context.js';
import type { GroupQueries } from './repository.js';

/** Inside the owner-locked transaction: one more member must fit the owner's plan. */
export async function memberLimitCheck(r: GroupQueries, ownerId: string, plan: PlanKey): Promise<void> {
  const limit = memberLimits[plan];
  if (limit !== null && (await r.countOwnedMembers(ownerId)) >= limit) throw upgradeRequired(m.upgradeMembers);
}

const alreadyInvited = () => conflict(m.alreadyInvited, 'email', 'already_invited');
// Unknown, expired, someone else's or used by another account: one answer, so a guess learns nothing.
const invalidToken = () => badRequest(m.tokenInvalid, 'token', 'invalid_token');

/** Invitations, joining, the member list, removing and leaving. */
export function groupMembers(ctx: GroupContext) {
  const { repo } = ctx;

  return {
    async invite(
      user: GroupUser,
      groupId: string,
      input: z.output<typeof inviteSchema>,
    ): Promise<WithMessage & { member: GroupMember }> {
      const group = await ctx.ownerAccess(user, groupId, m.ownerOnlyMembers);
      const email = input.email.toLowerCase();
      if (email === user.email.toLowerCase()) throw badRequest(m.cannotInviteSelf, 'email');
      const plan = await ctx.planOf(user);
      const at = ctx.now();
      const invitation = newInvitation(groupId, email, user.id, at);
      try {
        await repo.transaction(async (r, trx) => {
          await r.lockUser(user.id);
          await r.deleteExpiredInvitation(groupId, email, at.toISOString());
          // Already invited says more than a limit this invitation would not add to.
          if (await r.hasAddress(groupId, email)) throw alreadyInvited();
          await memberLimitCheck(r, user.id, plan);
          await r.insertMember(invitation.row);
          await ctx.mails.queueInvitation(trx, {
            to: email,
            inviterId: user.id,
            groupName: group.name,
            inviterName: user.name,
            token: invitation.token,
          });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw alreadyInvited();
        throw e;
      }
      ctx.mails.sendQueued();
      await ctx.publish({ groupId, kind: 'members' });
      return { message: m.inviteSent, member: toMember(invitation.row, true) };
    },

    /** The mailed token, for the signed-in account of the invited address: pending becomes active, once. */
    async accept(user: GroupUser, { token }: z.output<typeof acceptInviteSchema>): Promise<AcceptedInvite> {
      const row = await repo.invitation(hashToken(token));
      if (!row || row.email !== user.email.toLowerCase()) throw invalidToken();
      const alreadyMember = async (): Promise<AcceptedInvite> => ({
        status: 'alreadyMember',
        message: m.alreadyMember,
        group: await ctx.view(row.group_id, user),
      });
      if (row.status === 'active') {
        if (row.user_id !== user.id) throw invalidToken();
        return alreadyMember();
      }
      if (row.status !== 'pending') throw badRequest(m.invalidStatus, undefined, 'invalid_status');
      const at = ctx.now();
      if (!row.token_expires_at || new Date(row.token_expires_at) <= at) throw invalidToken();
      if (!(await repo.activate(row.id, user.id, at.toISOString()))) {
        // Another request accepted it a moment ago: this one reads what that one wrote.
        const again = await repo.invitation(row.token_hash!);
        if (again?.status === 'active' && again.user_id === user.id) return alreadyMember();
        throw invalidToken();
      }
      await ctx.publish({ groupId: row.group_id, kind: 'members' });
      return { status: 'joined', message: m.joined, group: await ctx.view(row.group_id, user) };
    },

    /** Every active member sees the names; only the owner sees addresses and pending invitations. */
    async members(user: GroupUser, groupId: string): Promise<{ items: GroupMember[] }> {
      const { role } = await ctx.access(user, groupId);
      const isOwner = role === 'owner';
      return { items: (await repo.members(groupId, isOwner)).map((row) => toMember(row, isOwner)) };
    },

    async removeMember(user: GroupUser, groupId: string, memberId: string): Promise<WithMessage> {
      await ctx.ownerAccess(user, groupId, m.ownerOnlyGroup);
      const row = memberId.length <= 100 ? await repo.member(groupId, memberId) : undefined;
      if (!row) throw notFound(m.memberNotFound);
      if (row.role === 'owner') throw badRequest(m.ownerCannotRemoveSelf, undefined, 'owner_cannot_be_removed');
      await repo.deleteMember(row.id);
      await ctx.publish(
        { groupId, kind: 'members' },
        ...(row.user_id ? [{ groupId, kind: 'removed' as const, userId: row.user_id }] : []),
      );
      return { message: m.memberRemoved };
    },

    async leave(user: GroupUser, groupId: string): Promise<WithMessage> {
      const membership = await ctx.access(user, groupId);
      if (membership.role === 'owner') throw badRequest(m.ownerCannotLeave, undefined, 'owner_cannot_leave');
      await repo.deleteMember(membership.member_id);
      await ctx.publish({ groupId, kind: 'members' }, { groupId, kind: 'removed', userId: user.id });
      return { message: m.leftGroup };
    },
  };
}
