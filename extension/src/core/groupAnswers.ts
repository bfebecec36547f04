import { z } from 'zod';
import { groupLinkAnswerSchema as contractGroupLink, pageSchema, groupSchema } from '@linkhive/shared/domain';

// The workspace answers the extension reads, parsed like every other answer (see api.ts): the
// contract's own schemas (issue 28), with the fields it only passes along made lenient, so that a
// server adding or changing such a field breaks nothing. The fields it shows stay strict.

const s = groupSchema.shape;
export const groupAnswerSchema = groupSchema.extend({
  ownerId: s.ownerId.catch(''),
  isMember: s.isMember.catch(true),
  linkCount: s.linkCount.catch(0),
  memberCount: s.memberCount.catch(0),
  isPrivate: s.isPrivate.catch(true),
  allowMemberInvites: s.allowMemberInvites.catch(false),
  createdAt: s.createdAt.catch(''),
  updatedAt: s.updatedAt.catch(''),
});

export const groupListAnswerSchema = z.object({ items: z.array(groupAnswerSchema) });

const l = contractGroupLink.shape;
export const groupLinkAnswerSchema = contractGroupLink.extend({
  rssFeed: l.rssFeed.catch(null),
  addedBy: l.addedBy.catch(null),
  createdAt: l.createdAt.catch(''),
  updatedAt: l.updatedAt.catch(''),
});

export const groupLinkPageAnswerSchema = pageSchema(groupLinkAnswerSchema);

export const addedGroupLinkAnswerSchema = z.object({ message: z.string(), link: groupLinkAnswerSchema });
