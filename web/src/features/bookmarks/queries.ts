import type { BookmarkListQuery } from '@linkhive/shared/domain';

/** The bookmarks' keys in the server-data cache: every list hangs under `all`, which a change invalidates. */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: (query: BookmarkListQuery) => ['bookmarks', 'list', query] as const,
};
