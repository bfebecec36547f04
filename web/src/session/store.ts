import type { Me } from '@linkhive/shared/domain';
import { create } from 'zustand';
import { api } from '../api';

export interface SessionState {
  me: Me | null;
  /** True once the first auth check has answered, whatever the answer. */
  loaded: boolean;
  setMe: (me: Me | null) => void;
  /** Asks the server who is signed in; a 401 or an unreachable server both mean signed out. */
  refresh: () => Promise<Me | null>;
  logout: () => Promise<void>;
}

export const useSession = create<SessionState>((set) => ({
  me: null,
  loaded: false,
  setMe: (me) => set({ me, loaded: true }),
  refresh: async () => {
    let me: Me | null = null;
    try {
      me = await api.auth.me();
    } catch {
      me = null;
    }
    set({ me, loaded: true });
    return me;
  },
  logout: async () => {
    try {
      await api.auth.logout();
    } catch {
      // The screen stops showing the user anyway; /auth then asks the server who is really signed in.
    }
    set({ me: null, loaded: true });
  },
}));
