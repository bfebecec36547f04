import type { CategorySummary } from '@linkhive/shared/domain';
import { create } from 'zustand';
import { api } from '../../api';
import { queryClient } from '../../data/queryClient';
import { bookmarkKeys } from './queries';

interface LibraryState {
  categories: CategorySummary[] | null;
  suggested: string[];
  loadCategories: () => Promise<void>;
  loadSuggested: () => Promise<void>;
  changed: () => void;
}

/**
 * What several pages and the add dialog share: the user's categories, and `changed`, which every
 * change to the bookmarks calls so that the lists on screen load again.
 */
export const useLibrary = create<LibraryState>((set, get) => ({
  categories: null,
  suggested: [],
  loadCategories: async () => {
    const { items } = await api.categories.list();
    set({ categories: items });
  },
  loadSuggested: async () => {
    if (get().suggested.length) return;
    const { items } = await api.categories.suggested();
    set({ suggested: items });
  },
  changed: () => {
    void queryClient.invalidateQueries({ queryKey: bookmarkKeys.all });
    // A failed refresh keeps the list on screen; the next change or page visit loads it again.
    get()
      .loadCategories()
      .catch(() => {});
  },
}));
