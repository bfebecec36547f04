import { z } from 'zod';
import { limits } from './constants.js';
import { bookmarkMessages, categorySchema, isHttpUrl, pageSchema, rssSchema, type Page } from './bookmarks.js';
import { emailSchema } from './auth.js';
import { groupMessages as m } from './groupMessages.js';
import type { PlanKey } from './plans.js';
import { searchScopes } from './search.js';
import { snippetSchema } from './snippet.js';

/** Spec section 9, and this product's own bounds (documented in docs/API.md). */
export const groupRules = {
  nameMax: 50,
  /** Invitation tokens: 20 random bytes, written as 40 hex characters. */
  tokenBytes: 20,
  /** An invitation link works for this long, then the owner invites again. */
  inviteTtlMs: 7 * 24 * 60 * 60_000,
  /** Invitations one owner may send in an hour, over all their groups: a mail flood stops here. */
  invitesPerHour: 30,
  searchDebounceMs: 300,
  /** The invitation page moves on to the workspace this long after its answer. */
  inviteRedirectMs: 2000,
  linkPageSize: 25,
  linkPageSizeMax: 100,
  /** How long the change log keeps events for reconnecting clients. */
  eventRetentionMs: 24 * 60 * 60_000,
  /**
   * Live-event streams (GET /api/groups/events) one account may hold open across every process: a
   * person has a few tabs and devices; each stream holds a socket and a place in every event's
   * fan-out, so a script cannot open thousands.
   */
  liveStreamsPerAccount: 10,
} as const;

/** The invitation page's path; the mailed link adds `?token=…`. */
export const invitePath = '/teams/workspace/auth';
export const workspacePath = '/teams/workspace';

/** Members (not owners), counted across every group one owns; null is unlimited. Groups: plans.ts groupLimits. */
export const memberLimits: Record<PlanKey, number | null> = { free: 1, pro: null, business: null, enterprise: null };

export const groupNameSchema = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(groupRules.nameMax, m.nameTooLong);

/** Create a group, and invite one address to it at once when `email` is given (Create & Invite). */
export const createGroupSchema = z.object({
  name: groupNameSchema,
  email: z
    .union([z.literal(''), emailSchema])
    .optional()
    .transform((v) => v || undefined),
});

export const renameGroupSchema = z.object({ name: groupNameSchema });

export const inviteSchema = z.object({ email: emailSchema });

export const acceptInviteSchema = z.object({
  token: z.string({ error: m.tokenMissing }).trim().min(1, m.tokenMissing).max(200, m.tokenInvalid),
});

const groupLinkUrl = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(limits.addressMax, m.urlInvalid)
  .refine(isHttpUrl, m.urlInvalid);

const groupLinkTitle = z
  .string({ error: m.titleRequired })
  .trim()
  .min(1, m.titleRequired)
  .max(limits.titleMax, bookmarkMessages.titleTooLong);

export const groupLinkSchema = z.object({
  link: groupLinkUrl,
  title: groupLinkTitle,
  category: categorySchema.optional().default('Uncategorized'),
  rssFeed: rssSchema,
});

export const updateGroupLinkSchema = groupLinkSchema.partial();

export const moveGroupLinkSchema = z.object({
  groupId: z.string({ error: m.groupRequired }).trim().min(1, m.groupRequired).max(100, m.groupNotFound),
});

export const groupLinkListQuerySchema = z.object({
  /** Found inside the title or the address, and as words in the link's page (its readable copy). */
  q: z.string().trim().max(200).optional(),
  /** Where `q` looks: everywhere (title, address, the page's text) or in titles only. */
  in: z.enum(searchScopes).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(groupRules.linkPageSizeMax).default(groupRules.linkPageSize),
});

export type CreateGroupInput = z.input<typeof createGroupSchema>;
export type GroupLinkInput = z.input<typeof groupLinkSchema>;
export type UpdateGroupLinkInput = z.input<typeof updateGroupLinkSchema>;
export type GroupLinkListQuery = Partial<z.input<typeof groupLinkListQuerySchema>>;

export const groupRoleSchema = z.enum(['owner', 'member']);
export type GroupRole = z.output<typeof groupRoleSchema>;
export const memberStatusSchema = z.enum(['pending', 'active']);
export type MemberStatus = z.output<typeof memberStatusSchema>;

const count = z.number().int().nonnegative();

export const groupSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  ownerId: z.string(),
  isOwner: z.boolean(),
  isMember: z.boolean(),
  linkCount: count,
  memberCount: count,
  isPrivate: z.boolean(),
  allowMemberInvites: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.output<typeof groupSchema>;

export const groupMemberSchema = z.object({
  /** The member row's id; the owner removes a member by their user id (or this id while pending). */
  id: z.string().min(1),
  userId: z.string().nullable(),
  /** Shown to the owner only; a member sees names. */
  email: z.string().optional(),
  name: z.string(),
  role: groupRoleSchema,
  status: memberStatusSchema,
  joinedAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type GroupMember = z.output<typeof groupMemberSchema>;

/** A link of a group as answered (`groupLinkSchema` is what adding one reads). */
export const groupLinkAnswerSchema = z.object({
  id: z.string().min(1),
  groupId: z.string(),
  link: z.string(),
  domain: z.string(),
  title: z.string(),
  category: z.string(),
  rssFeed: z.string().nullable(),
  addedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** In a search's results: where the words were found in the link's page, when they were. */
  snippet: snippetSchema.optional(),
});
export type GroupLink = z.output<typeof groupLinkAnswerSchema>;

export const groupLinkPageSchema = pageSchema(groupLinkAnswerSchema);
export type GroupLinkPage = Page<GroupLink>;

/** Successful writes answer the spec's success text beside the result. */
export const withMessageSchema = z.object({ message: z.string() });
export type WithMessage = z.output<typeof withMessageSchema>;

/** What POST /api/groups answers: the group, and whether an invitation went out with it. */
export const createdGroupSchema = withMessageSchema.extend({ group: groupSchema, invited: z.boolean() });
export type CreatedGroup = z.output<typeof createdGroupSchema>;

/** What POST /api/invites/accept answers. */
export const acceptedInviteSchema = withMessageSchema.extend({
  status: z.enum(['joined', 'alreadyMember']),
  group: groupSchema,
});
export type AcceptedInvite = z.output<typeof acceptedInviteSchema>;

/** Limits reached answer 402 with `error.code` 'upgrade_required' and the spec's upgrade text. */
export const upgradeRequiredCode = 'upgrade_required';

/**
 * Live updates: GET /api/groups/events is a Server-Sent Events stream of these, one `data:` JSON
 * each, with the event's `seq` as its id. They say what changed, not the new state: a page reloads
 * what it shows. A reconnecting client sends Last-Event-ID (or `?after=`) and first receives what it
 * missed, or `resync` when that is older than the log keeps.
 */
export type GroupEventKind =
  | 'links' // a link was added, edited, moved or deleted
  | 'members' // a member was invited, joined, left or removed
  | 'group' // renamed
  | 'deleted' // the group is gone
  | 'removed' // you are no longer a member (sent to that user only)
  | 'resync'; // too much was missed: reload everything

export interface GroupEvent {
  seq: number;
  groupId: string;
  kind: GroupEventKind;
}
