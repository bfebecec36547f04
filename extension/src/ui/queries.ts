import type { BookmarkListQuery } from '@linkhive/shared/domain';

/*
 * The extension pages' keys in their server-data cache (queryClient.tsx), one group per feature as
 * in the web app; a change invalidates the prefix of what it touched.
 */

/** The user's bookmarks: the side panel's list, a page at a time per filter. */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  pages: (query: Omit<BookmarkListQuery, 'page' | 'pageSize'>) => ['bookmarks', 'pages', query] as const,
};

/** A bookmark's readable copy: the side panel's Reader view. */
export const copyKeys = {
  copy: (bookmarkId: string) => ['copies', bookmarkId] as const,
};

export const categoryKeys = {
  /** The names alone, as the server orders them: the side panel's filter; a change reloads them. */
  names: ['categories', 'names'] as const,
  /** The category picker's lists (own, most recently used first, and suggested); a change does not reload them. */
  picker: ['categories', 'picker'] as const,
};

/** The workspace groups the user belongs to, and each group's links a page at a time. */
export const groupKeys = {
  list: ['groups', 'list'] as const,
  /** Every group's links: a save into a group from the popup reloads the one on screen. */
  allLinks: ['groups', 'links'] as const,
  links: (groupId: string) => ['groups', 'links', groupId] as const,
};

/** Read from the extension's own storage rather than the server, kept current by its change events. */
export const localKeys = {
  /** The waiting list of saves (core/queue.ts), as stored. */
  pendingSaves: ['local', 'pendingSaves'] as const,
  /** What the last answer of this server said about this version (core/handshake.ts). */
  handshake: (serverUrl: string) => ['local', 'handshake', serverUrl] as const,
};
