import type { Platform } from '../platform/browser';
import { buildServerUrl } from './config';

export interface Settings {
  serverUrl: string;
  /** Where the popup, the shortcut and the context menu save to; null means the fallback category. */
  defaultCategory: string | null;
  /**
   * False (the default): the toolbar click saves the page at once and the popup shows it to edit or
   * undo. True: the popup opens on the add form and saves only when asked, as before.
   */
  askFirst: boolean;
  /**
   * True (the default): after a save of the page the user is on, its HTML as the browser shows it
   * goes to the user's own server, which keeps its readable copy (pages behind a sign-in too).
   */
  sendCopies: boolean;
}

const key = 'settings';

/** The settings as stored (possibly never written), with the build's defaults filled in. */
export function settingsOf(stored: Partial<Settings> | undefined): Settings {
  return {
    serverUrl: stored?.serverUrl || buildServerUrl,
    defaultCategory: stored?.defaultCategory ?? null,
    askFirst: stored?.askFirst === true,
    sendCopies: stored?.sendCopies !== false,
  };
}

export async function readSettings(p: Platform): Promise<Settings> {
  return settingsOf(await p.storage.local.get<Partial<Settings>>(key));
}

export async function writeSettings(p: Platform, changes: Partial<Settings>): Promise<Settings> {
  const next = { ...(await readSettings(p)), ...changes };
  await p.storage.local.set(key, next);
  return next;
}

export const settingsKey = key;
