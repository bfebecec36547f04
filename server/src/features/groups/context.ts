import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  groupMessages as m,
  groupRules,
  planOfPermissions,
  upgradeRequiredCode,
  type GroupLink,
  type GroupMember,
  type Permissions,
  type PlanKey,
  type Group,
} from '@linkhive/shared/domain';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { PermissionService } from '../permissions/service.js';
import type { GroupChange, GroupEvents } from './events.js';
import type { GroupInvitationMails } from './mails.js';
import type { GroupLinkTrash } from './link-trash.js';
import type {
  FoundLinkRow,
  GroupRepository,
  GroupViewRow,
  MemberListRow,
  Membership,
  MemberRow,
} from './repository.js';

export interface GroupUser {
  id: string;
  name: string;
  email: string;
  emailVerified?: boolean;
}

interface LoggerLike {
  warn(obj: object, msg?: string): void;
}

export interface GroupServiceDeps {
  repo: GroupRepository;
  permissions: Pick<PermissionService, 'permissionsOf'>;
  events: GroupEvents;
  mails: GroupInvitationMails;
  /** The groups' trash (TRASH_DAYS): where the owner's link deletes go, restorable by the owner. */
  trash: { links: GroupLinkTrash; days: number };
  /** Readable copies (features/copies): a link added, or moved to another address, wakes the crawler. */
  copies?: { saved(): void };
  now?: () => Date;
  log?: LoggerLike;
}

/** What the parts of the groups service share: access checks, plan limits, answers' shapes. */
export function groupContext(deps: GroupServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The caller's active membership; anyone else learns nothing, not even that the group exists. */
  async function access(user: GroupUser, groupId: string): Promise<Membership> {
    const found = groupId.length <= 100 ? await repo.membership(groupId, user.id) : undefined;
    if (!found) throw notFound(m.groupNotFound);
    return found;
  }

  async function ownerAccess(user: GroupUser, groupId: string, refusal: string): Promise<Membership> {
    const found = await access(user, groupId);
    if (found.role !== 'owner') throw forbidden(refusal);
    return found;
  }

  async function view(groupId: string, user: GroupUser): Promise<Group> {
    const row = await repo.view(groupId, user.id);
    if (!row) throw notFound(m.groupNotFound);
    return toGroup(row);
  }

  /** Reported once the change has committed; the change stands whatever the report's fate. */
  async function publish(...changes: GroupChange[]): Promise<void> {
    for (const change of changes) {
      try {
        await deps.events.publish(change);
      } catch (err) {
        deps.log?.warn({ err, change }, 'group change not published');
      }
    }
  }

  return {
    repo,
    now,
    access,
    ownerAccess,
    view,
    publish,
    planOf: async (user: GroupUser) => planOf(await deps.permissions.permissionsOf(user)),
    mails: deps.mails,
    copies: deps.copies,
    trash: deps.trash,
  };
}

export type GroupContext = ReturnType<typeof groupContext>;

/** The highest plan among the user's flags (one rule for every screen and gate: shared/domain). */
export const planOf = (p: Permissions): PlanKey => planOfPermissions(p);

export const upgradeRequired = (message: string) => new AppError(402, upgradeRequiredCode, message);

export const nameKey = (name: string) => name.trim().toLowerCase();

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A pending member row for an address, and the token to mail; only the token's hash is stored. */
export function newInvitation(groupId: string, email: string, invitedBy: string, at: Date) {
  const token = randomBytes(groupRules.tokenBytes).toString('hex');
  const row: MemberRow = {
    id: randomUUID(),
    group_id: groupId,
    user_id: null,
    email,
    role: 'member',
    status: 'pending',
    invited_by: invitedBy,
    joined_at: at.toISOString(),
    activated_at: null,
    token_hash: hashToken(token),
    token_expires_at: new Date(at.getTime() + groupRules.inviteTtlMs).toISOString(),
  };
  return { token, row };
}

export function toGroup(row: GroupViewRow): Group {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    isOwner: row.role === 'owner',
    isMember: row.role === 'member',
    linkCount: Number(row.link_count),
    memberCount: Number(row.member_count),
    isPrivate: !!row.is_private,
    allowMemberInvites: !!row.allow_member_invites,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The owner sees addresses; a member sees names only. */
export function toMember(row: MemberRow & Partial<Pick<MemberListRow, 'name'>>, withEmail: boolean): GroupMember {
  return {
    id: row.id,
    userId: row.user_id,
    ...(withEmail ? { email: row.email } : {}),
    name: row.name ?? '',
    role: row.role,
    status: row.status,
    joinedAt: row.joined_at,
    activatedAt: row.activated_at,
  };
}

export function toLink(row: FoundLinkRow): GroupLink {
  return {
    id: row.id,
    groupId: row.group_id,
    link: row.link,
    domain: row.domain,
    title: row.title,
    category: row.category,
    rssFeed: row.rss_feed,
    addedBy: row.added_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.snippet ? { snippet: row.snippet } : {}),
  };
}
