import { z } from 'zod';
import {
  acceptInviteSchema,
  acceptedInviteSchema,
  createdGroupSchema,
  createGroupSchema,
  groupLinkAnswerSchema,
  groupLinkListQuerySchema,
  groupLinkPageSchema,
  groupLinkSchema,
  groupMemberSchema,
  inviteSchema,
  moveGroupLinkSchema,
  renameGroupSchema,
  updateGroupLinkSchema,
  upgradeRequiredCode,
  withMessageSchema,
  groupSchema,
} from '../domain/groups.js';
import { endpoint } from './endpoint.js';

const tag = 'groups';
const group = z.object({ id: z.string() });
const member = group.extend({ memberId: z.string() });
const link = group.extend({ linkId: z.string() });
const withGroup = withMessageSchema.extend({ group: groupSchema });
const withLink = withMessageSchema.extend({ link: groupLinkAnswerSchema });
// Plan limits (groups owned, members, links per group) answer 402 with the spec's upgrade text.
const upgrade = [upgradeRequiredCode] as const;

// A group the caller is not an active member of answers 404 (not_found, common) whatever the call,
// so that it learns nothing; a member asking for an owner's change gets 403 (forbidden, common).
export const groupsContract = {
  list: endpoint({
    method: 'GET',
    path: '/api/groups',
    summary: 'The groups the user owns or is an active member of, owned first, then by name',
    tag,
    access: 'user',
    answers: { 200: z.object({ items: z.array(groupSchema) }) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/groups',
    summary: 'Creates a private group owned by the user; with `email`, invites that address to it at once',
    tag,
    access: 'user',
    body: createGroupSchema,
    answers: { 201: createdGroupSchema },
    errors: { 402: upgrade, 409: ['name_taken'] },
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/groups/:id',
    summary: 'Renames a group (its owner only)',
    tag,
    access: 'user',
    params: group,
    body: renameGroupSchema,
    answers: { 200: withGroup },
    errors: { 409: ['name_taken'] },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/groups/:id',
    summary: 'Deletes a group with its members and links (its owner only)',
    tag,
    access: 'user',
    params: group,
    answers: { 200: withMessageSchema },
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/groups/:id/invites',
    summary: 'Mails an invitation to an address (the owner only); answers the pending member',
    tag,
    access: 'user',
    params: group,
    body: inviteSchema,
    answers: { 201: withMessageSchema.extend({ member: groupMemberSchema }) },
    errors: { 402: upgrade, 409: ['already_invited'] },
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/invites/accept',
    summary: 'Accepts a mailed invitation for the signed-in account of the invited address',
    tag,
    access: 'user',
    body: acceptInviteSchema,
    answers: { 200: acceptedInviteSchema },
    // Unknown, expired, someone else's or used: invalid_token; a member row neither pending nor active: invalid_status.
    errors: { 400: ['invalid_token', 'invalid_status'] },
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/groups/:id/members',
    summary: 'The group’s members; the owner also sees addresses and pending invitations',
    tag,
    access: 'user',
    params: group,
    answers: { 200: z.object({ items: z.array(groupMemberSchema) }) },
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/api/groups/:id/members/:memberId',
    summary: 'Removes a member or a pending invitation (the owner only, never themselves)',
    tag,
    access: 'user',
    params: member,
    answers: { 200: withMessageSchema },
    errors: { 400: ['owner_cannot_be_removed'] },
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/groups/:id/leave',
    summary: 'Leaves a group the user is a member (not the owner) of',
    tag,
    access: 'user',
    params: group,
    answers: { 200: withMessageSchema },
    errors: { 400: ['owner_cannot_leave'] },
  }),
  links: endpoint({
    method: 'GET',
    path: '/api/groups/:id/links',
    summary:
      'A page of the group’s links, newest first; q searches titles and addresses (as typed) and the words of the links’ pages, title then address matches first, a page match with its `snippet`; `in=title` searches titles only',
    tag,
    access: 'user',
    params: group,
    query: groupLinkListQuerySchema,
    answers: { 200: groupLinkPageSchema },
  }),
  addLink: endpoint({
    method: 'POST',
    path: '/api/groups/:id/links',
    summary: 'Adds a link to the group (the owner only)',
    tag,
    access: 'user',
    params: group,
    body: groupLinkSchema,
    answers: { 201: withLink },
    errors: { 409: ['duplicate_link', 'group_link_limit'] },
  }),
  updateLink: endpoint({
    method: 'PATCH',
    path: '/api/groups/:id/links/:linkId',
    summary: 'Changes a link of the group (the owner only)',
    tag,
    access: 'user',
    params: link,
    body: updateGroupLinkSchema,
    answers: { 200: withLink },
    errors: { 409: ['duplicate_link'] },
  }),
  deleteLink: endpoint({
    method: 'DELETE',
    path: '/api/groups/:id/links/:linkId',
    summary: 'Deletes a link of the group (the owner only)',
    tag,
    access: 'user',
    params: link,
    answers: { 200: withMessageSchema },
  }),
  moveLink: endpoint({
    method: 'POST',
    path: '/api/groups/:id/links/:linkId/move',
    summary: 'Moves a link to another group the user owns',
    tag,
    access: 'user',
    params: link,
    body: moveGroupLinkSchema,
    answers: { 200: withLink },
    errors: { 400: ['same_group'], 409: ['duplicate_link', 'group_link_limit'] },
  }),
  events: endpoint({
    method: 'GET',
    path: '/api/groups/events',
    summary:
      'Server-Sent Events of changes to the user’s groups (`data:` {seq, groupId, kind}, id = seq); resumes after Last-Event-ID or `after`',
    tag,
    access: 'user',
    // Its digits are checked by the stream itself, with the Last-Event-ID header it stands in for.
    // A repeated `after` is ignored, as the stream always did, rather than refused.
    query: z.object({ after: z.string().optional().catch(undefined) }),
    answers: { 200: { mediaType: 'text/event-stream' } },
    errors: { 429: ['too_many_streams'] },
  }),
};
