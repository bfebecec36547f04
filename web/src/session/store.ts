import { ApiError } from '@linkhive/shared/api';
import type { Me } from '@linkhive/shared/domain';
import { create } from 'zustand';
import { api } from '../api';
import { readLastUser, writeLastUser } from './lastUser';

export interface SessionState {
  me: Me | null;
  /** True once the first auth check has answered, whatever the answer. */
  loaded: boolean;
  /** The last auth check could not reach the server; `me` is then the last user it confirmed. */
  unreachable: boolean;
  setMe: (me: Me | null) => void;
  /**
   * Asks the server who is signed in. A 401 means signed out; an unreachable server (offline) keeps
   * the last confirmed user, so that going offline does not sign anyone out.
   */
  refresh: () => Promise<Me | null>;
  logout: () => Promise<void>;
}

export const useSession = create<SessionState>((set) => ({
  me: null,
  loaded: false,
  unreachable: false,
  setMe: (me) => {
    writeLastUser(me);
    set({ me, loaded: true, unreachable: false });
  },
  refresh: async () => {
    let me: Me | null = null;
    let unreachable = false;
    try {
      me = await api.auth.me();
      writeLastUser(me);
    } catch (err) {
      unreachable = err instanceof ApiError && err.code === 'network_error';
      me = unreachable ? readLastUser() : null;
      if (!unreachable) writeLastUser(null);
    }
    set({ me, loaded: true, unreachable });
    return me;
  },
  logout: async () => {
    writeLastUser(null);
    try {
      await api.auth.logout();
    } catch {
      // The screen stops showing the user anyway; /auth then asks the server who is really signed in.
    }
    set({ me: null, loaded: true, unreachable: false });
  },
}));
