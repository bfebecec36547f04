import { z } from 'zod';

// The workspace answers the extension reads, parsed like every other answer (see api.ts): the
// fields it shows are strict, the rest fall back, so a server adding a field breaks nothing.

export const workspaceGroupAnswerSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  ownerId: z.string().catch(''),
  isOwner: z.boolean(),
  isMember: z.boolean().catch(true),
  linkCount: z.number().int().nonnegative().catch(0),
  memberCount: z.number().int().nonnegative().catch(0),
  isPrivate: z.boolean().catch(true),
  allowMemberInvites: z.boolean().catch(false),
  createdAt: z.string().catch(''),
  updatedAt: z.string().catch(''),
});

export const groupListAnswerSchema = z.object({ items: z.array(workspaceGroupAnswerSchema) });

export const groupLinkAnswerSchema = z.object({
  id: z.string().min(1),
  groupId: z.string(),
  link: z.string(),
  domain: z.string(),
  title: z.string(),
  category: z.string(),
  rssFeed: z.string().nullable().catch(null),
  addedBy: z.string().nullable().catch(null),
  createdAt: z.string().catch(''),
  updatedAt: z.string().catch(''),
});

export const groupLinkPageAnswerSchema = z.object({
  items: z.array(groupLinkAnswerSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

export const addedGroupLinkAnswerSchema = z.object({ message: z.string(), link: groupLinkAnswerSchema });
