import { normaliseLink, type Bookmark } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { ExtensionApi } from './api';
import { createExclusive } from './exclusive';

/** What the extension knows about one address: saved (and where) or not, and since when. */
export interface SavedState {
  saved: boolean;
  id?: string;
  category?: string;
  checkedAt: number;
}

// Session storage: shared by the worker and the extension's pages, cleared when the browser closes.
export const savedUrlsKey = 'savedUrls';
/** A saved page rarely stops being saved; a page not saved yet is asked about again sooner. */
export const savedTtlMs = 10 * 60_000;
export const unsavedTtlMs = 60_000;
/**
 * A page load (a navigation, a reload, going back to the page) trusts a remembered answer only this
 * long: a bookmark deleted in the web app loses its tick when its page is opened again, without the
 * server asked on every click inside one page.
 */
export const pageLoadRecheckMs = 30_000;
const maxEntries = 500;

/** The duplicate check's key for an address the extension can save (http and https only). */
export function linkKeyOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return normaliseLink(url);
  } catch {
    return null;
  }
}

const exclusive = createExclusive();

/**
 * The keys (linkKeyOf) whose saved state differs between two copies of the remembered states (a storage
 * change): saved or not, which bookmark, which category. A newer check that found the same is no change.
 */
export function changedKeys(next: unknown, previous: unknown): string[] {
  const a = (next ?? {}) as Record<string, SavedState>;
  const b = (previous ?? {}) as Record<string, SavedState>;
  const differs = (x?: SavedState, y?: SavedState) =>
    x?.saved !== y?.saved || x?.id !== y?.id || x?.category !== y?.category;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => differs(a[key], b[key]));
}

/**
 * Remembers which addresses are saved, so that tab events do not ask the server each time. The
 * extension's own saves, edits and deletes update it at once, and so does whatever a page (the popup)
 * finds out: the background follows this storage and redraws the badges whose state changed. Other
 * changes (the web app) show when the user switches to the tab (the badge checks again then), when
 * the page loads again past pageLoadRecheckMs, or once an entry is older than its time to live.
 */
export function createSavedUrls(p: Platform, api: ExtensionApi, now: () => number = Date.now) {
  const read = async () => (await p.storage.session.get<Record<string, SavedState>>(savedUrlsKey)) ?? {};

  /** What this context wrote last per address, so that it can tell its own writes from a page's. */
  const written = new Map<string, string>();

  function write(key: string, state: SavedState | null) {
    written.delete(key);
    written.set(key, JSON.stringify(state));
    if (written.size > maxEntries) written.delete(written.keys().next().value!);
    return exclusive(async () => {
      // A copy: the change's old value must stay the old one (a storage that hands out its own
      // object, like the unit tests' fake, would otherwise see no change at all).
      const all = { ...(await read()) };
      if (state) all[key] = state;
      else delete all[key];
      const keys = Object.keys(all);
      if (keys.length > maxEntries) {
        keys.sort((a, b) => all[a]!.checkedAt - all[b]!.checkedAt);
        for (const old of keys.slice(0, keys.length - maxEntries)) delete all[old];
      }
      await p.storage.session.set(savedUrlsKey, all);
    });
  }

  // Tab events come in bursts (a navigation reports its address, then its end): one question each.
  const asking = new Map<string, Promise<SavedState | null>>();

  const fresh = (s: SavedState | undefined, maxAgeMs = Infinity) =>
    s !== undefined && now() - s.checkedAt < Math.min(maxAgeMs, s.saved ? savedTtlMs : unsavedTtlMs);

  const stateOf = (b: Bookmark | null): SavedState =>
    b ? { saved: true, id: b.id, category: b.category, checkedAt: now() } : { saved: false, checkedAt: now() };

  return {
    /** Whether `state` (as a storage change shows it) is what this context itself last wrote for `key`. */
    wroteItself: (key: string, state: SavedState | undefined) => written.get(key) === JSON.stringify(state ?? null),
    /** The remembered state, fresh or not; null when the address was never checked. */
    async remembered(url: string): Promise<SavedState | null> {
      const key = linkKeyOf(url);
      return key ? ((await read())[key] ?? null) : null;
    },
    /**
     * The state of an address: remembered while fresh, else asked of the server. When the server
     * cannot answer, the last known state is kept (or null: unknown).
     */
    async check(url: string, options: { refresh?: boolean; maxAgeMs?: number } = {}): Promise<SavedState | null> {
      const key = linkKeyOf(url);
      if (!key) return null;
      const known = (await read())[key];
      if (!options.refresh && fresh(known, options.maxAgeMs)) return known!;
      const pending = asking.get(key);
      if (pending) return pending;
      const question = (async () => {
        try {
          const state = stateOf(await api.lookup(url));
          await write(key, state);
          return state;
        } catch {
          return known ?? null;
        } finally {
          asking.delete(key);
        }
      })();
      asking.set(key, question);
      return question;
    },
    async remember(b: Bookmark): Promise<void> {
      const key = linkKeyOf(b.link);
      if (key) await write(key, stateOf(b));
    },
    async forget(url: string): Promise<void> {
      const key = linkKeyOf(url);
      if (key) await write(key, { saved: false, checkedAt: now() });
    },
    clear: () => exclusive(() => p.storage.session.remove(savedUrlsKey)),
  };
}

export type SavedUrls = ReturnType<typeof createSavedUrls>;
