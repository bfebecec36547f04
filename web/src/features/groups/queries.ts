import type { SearchScope } from '@linkhive/shared/domain';

/** The groups' keys in the server-data cache: a live update or a change invalidates what it touched. */
export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
  linksOf: (groupId: string) => ['groups', groupId, 'links'] as const,
  links: (groupId: string, q: string, page: number, scope: SearchScope = 'all') =>
    ['groups', groupId, 'links', { q, page, scope }] as const,
  members: (groupId: string) => ['groups', groupId, 'members'] as const,
  /** The group's deleted links (the owner's to see and restore). */
  trash: (groupId: string) => ['groups', groupId, 'trash'] as const,
  /** An invitation's acceptance: sent once per token, never again on its own. */
  acceptance: (token: string) => ['groups', 'acceptance', token] as const,
};
