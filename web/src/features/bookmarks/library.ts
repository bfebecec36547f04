import type { CategorySummary } from '@linkhive/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { queryClient } from '../../data/queryClient';
import { bookmarkKeys } from './queries';

const categoriesQuery = {
  queryKey: bookmarkKeys.categories,
  queryFn: async (): Promise<CategorySummary[]> => (await api.categories.list()).items,
  // Every change made here invalidates them (libraryChanged), and an arrival at /categories or
  // /favourites loads them afresh (RequireLibrary): an answer of a few seconds is the server's, and
  // the page that mounts just after that load does not ask a second time.
  staleTime: 5_000,
};

/**
 * What several pages and the add dialog share: the user's categories with their counts, the names
 * suggested for a new one, and `libraryChanged`, which every change to the bookmarks calls so that
 * the lists and the categories on screen load again.
 */
export function useCategories(wanted = true) {
  return useQuery({ ...categoriesQuery, enabled: wanted });
}

/**
 * The categories' names, or none while they load or when they could not be loaded; `wanted` false
 * (a dialog that is closed) loads nothing but still shows what the cache holds.
 */
export function useCategoryNames(wanted = true): string[] {
  return useCategories(wanted).data?.map((c) => c.name) ?? [];
}

/** The suggested names for a new category, loaded once when first `wanted` (a dialog opens). */
export function useSuggestedCategories(wanted = true): string[] {
  const suggested = useQuery({
    queryKey: bookmarkKeys.suggestedCategories,
    queryFn: async () => (await api.categories.suggested()).items,
    enabled: wanted,
    staleTime: Infinity,
  });
  return suggested.data ?? [];
}

/** The categories as the server has them now, whatever the cache holds (an import may just have finished). */
export function freshCategories(): Promise<CategorySummary[]> {
  return queryClient.fetchQuery({ ...categoriesQuery, staleTime: 0 });
}

/** Every change to the bookmarks calls this: the lists and the categories on screen load again. */
export function libraryChanged(): void {
  void queryClient.invalidateQueries({ queryKey: bookmarkKeys.all });
}
