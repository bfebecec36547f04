import type { LoginInput } from '@linkhive/shared/domain';
import { create } from 'zustand';
import { authKey, readAuth, type AuthProblem, type SignedIn } from '../core/auth';
import { problemOf } from '../core/problems';
import { readSettings, settingsKey, type Settings } from '../core/settings';
import { buildServerUrl } from '../core/config';
import { api, platform } from './extension';

export interface ExtensionSessionState {
  /** False until storage has been read: nothing is shown as signed out before we know. */
  ready: boolean;
  settings: Settings;
  session: SignedIn | null;
  problem: AuthProblem;
  load: () => Promise<void>;
  /** Signs in; a rejection carries the text the form shows (wrong password, server out of reach). */
  signIn: (values: LoginInput) => Promise<void>;
  signOut: () => Promise<void>;
}

export const useExtensionSession = create<ExtensionSessionState>((set, get) => ({
  ready: false,
  settings: { serverUrl: buildServerUrl, defaultCategory: null, askFirst: false, sendCopies: true },
  session: null,
  problem: null,
  load: async () => {
    const [settings, auth] = await Promise.all([readSettings(platform), readAuth(platform)]);
    const session = auth.session?.serverUrl === settings.serverUrl ? auth.session : null;
    set({ ready: true, settings, session, problem: auth.problem });
  },
  signIn: async (values) => {
    try {
      await api.signIn(values);
    } catch (error) {
      throw new Error(problemOf(error).message);
    }
    await get().load();
  },
  signOut: async () => {
    await api.signOut();
    await get().load();
  },
}));

let watching = false;
/** Reads the state once and follows changes made by other extension pages and by the worker. */
export function watchExtensionSession() {
  if (watching) return;
  watching = true;
  const reload = () => useExtensionSession.getState().load();
  platform.storage.onChange('local', authKey, reload);
  platform.storage.onChange('local', settingsKey, reload);
  void reload();
}
