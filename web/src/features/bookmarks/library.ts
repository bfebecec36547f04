import type { CategorySummary } from '@linkhive/shared/domain';
import { create } from 'zustand';
import { api } from '../../api';

interface LibraryState {
  categories: CategorySummary[] | null;
  suggested: string[];
  /** Goes up after every change to the user's bookmarks, so that lists on screen load again. */
  version: number;
  loadCategories: () => Promise<void>;
  loadSuggested: () => Promise<void>;
  changed: () => void;
}

/** What several pages and the add dialog share: the user's categories and a change counter. */
export const useLibrary = create<LibraryState>((set, get) => ({
  categories: null,
  suggested: [],
  version: 0,
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
    set((s) => ({ version: s.version + 1 }));
    // A failed refresh keeps the list on screen; the next change or page visit loads it again.
    get()
      .loadCategories()
      .catch(() => {});
  },
}));
