import type { BookmarkListQuery } from '@linkhive/shared/domain';

/**
 * The bookmarks' keys in the server-data cache. Every list and the categories (whose counts follow
 * the bookmarks) hang under `all`, which a change invalidates; the suggested category names are a
 * fixed list and stand apart.
 */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: (query: BookmarkListQuery) => ['bookmarks', 'list', query] as const,
  categories: ['bookmarks', 'categories'] as const,
  suggestedCategories: ['suggested-categories'] as const,
  /**
   * An arrival at /categories or /favourites deciding whether the library is empty (RequireLibrary).
   * Outside `all` on purpose: a change on the page must not decide the arrival again.
   */
  libraryArrival: (path: string) => ['library-arrival', path] as const,
};
