import { create } from 'zustand';

export interface AppUpdateState {
  /** A new service worker is installed and waiting for this page's permission to take over. */
  waiting: boolean;
  /** Lets the waiting worker take over; the page then reloads with the new version. */
  apply: (() => Promise<void>) | null;
  dismiss: () => void;
}

export const useAppUpdate = create<AppUpdateState>((set) => ({
  waiting: false,
  apply: null,
  dismiss: () => set({ waiting: false }),
}));
