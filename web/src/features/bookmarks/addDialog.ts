import type { NewBookmarkInitial } from '@linkhive/shared/ui';
import { create } from 'zustand';

interface AddDialogState {
  open: boolean;
  initial: NewBookmarkInitial;
  show: (initial?: NewBookmarkInitial) => void;
  close: () => void;
}

/** The one add dialog of the app, opened by the add button, the drawer and each category's plus. */
export const useAddDialog = create<AddDialogState>((set) => ({
  open: false,
  initial: {},
  show: (initial = {}) => set({ open: true, initial }),
  close: () => set({ open: false }),
}));
