import type { Platform } from '../platform/browser';
import { isQueued, type SaveOwner } from './queue';
import { linkKeyOf, type SavedUrls } from './savedUrls';

export type BadgeState = { kind: 'saved'; category?: string } | { kind: 'pending' } | { kind: 'none' };

export function badgeLook(state: BadgeState): { text: string; color: string; title: string } {
  if (state.kind === 'saved')
    return {
      text: '✓',
      color: '#2e7d32',
      title: state.category ? `Saved to Linkhive in ${state.category}` : 'Saved to Linkhive',
    };
  if (state.kind === 'pending') return { text: '…', color: '#ed6c02', title: 'Waiting to be saved to Linkhive' };
  return { text: '', color: '#1976d2', title: 'Save to Linkhive' };
}

interface RefreshOptions {
  /** Ask the server even while the remembered answer is fresh. */
  refresh?: boolean;
  /** Ask the server when the remembered answer is older than this (a page load: pageLoadRecheckMs). */
  maxAgeMs?: number;
  /**
   * Show the remembered answer at once, then ask the server and show its answer: a tab the user
   * switches to is checked again, so a delete in the web app shows as soon as they look at the page.
   */
  revalidate?: boolean;
  /** Already known to the caller (a save knows its account); otherwise read from storage. */
  account?: SaveOwner;
}

/**
 * The toolbar badge, set per tab: a tick on tabs whose page is saved, an ellipsis while a save of
 * it waits in the queue, nothing otherwise. Each tab keeps a counter so that a slow answer for the
 * page a tab showed before cannot overwrite the badge of the page it shows now.
 */
export function createBadge(p: Platform, deps: { savedUrls: SavedUrls; account: () => Promise<SaveOwner> }) {
  const latest = new Map<number, number>();

  /**
   * What the badge shows for `url`: from the server (or the fresh cache), or with `remembered` only
   * what is remembered (null: nothing is, and the badge stays as it is until the server answers).
   */
  async function stateOf(url: string, options: RefreshOptions, remembered = false): Promise<BadgeState | null> {
    const account = options.account ?? (await deps.account());
    if (!linkKeyOf(url) || account.userId === null) return { kind: 'none' };
    // Only the signed-in account's waiting saves: another user's save of this page is not theirs to see.
    if (await isQueued(p, url, account)) return { kind: 'pending' };
    const state = remembered
      ? await deps.savedUrls.remembered(url)
      : await deps.savedUrls.check(url, {
          refresh: options.refresh || options.revalidate,
          maxAgeMs: options.maxAgeMs,
        });
    if (remembered && !state) return null;
    return state?.saved ? { kind: 'saved', category: state.category } : { kind: 'none' };
  }

  async function refresh(tabId: number, url?: string, options: RefreshOptions = {}) {
    const turn = (latest.get(tabId) ?? 0) + 1;
    latest.set(tabId, turn);
    const target = url ?? (await p.tabs.get(tabId))?.url ?? '';
    const show = async (state: BadgeState | null) => {
      if (!state || latest.get(tabId) !== turn) return;
      try {
        await p.badge.show(tabId, badgeLook(state));
      } catch {
        // The tab closed while the server answered.
      }
    };
    if (options.revalidate) await show(await stateOf(target, options, true));
    await show(await stateOf(target, options));
  }

  async function refreshKeys(linkKeys: readonly string[], options: Pick<RefreshOptions, 'account'> = {}) {
    const keys = new Set(linkKeys);
    if (keys.size === 0) return;
    const tabs = (await p.tabs.all()).filter((t) => keys.has(linkKeyOf(t.url) ?? ''));
    await Promise.all(tabs.map((t) => refresh(t.id, t.url, options)));
  }

  return {
    refresh,
    /** The badges on screen: the active tab of each window. */
    async refreshVisible(options: { refresh?: boolean } = {}) {
      await Promise.all((await p.tabs.allActive()).map((t) => refresh(t.id, t.url, options)));
    },
    /** The badges of every tab showing one of these addresses, after a save, an edit or a delete. */
    async refreshLinks(links: readonly string[], options: Pick<RefreshOptions, 'account'> = {}) {
      await refreshKeys(
        links.map(linkKeyOf).filter((k) => k !== null),
        options,
      );
    },
    /** The same, for addresses already as their duplicate keys (what the saved-state cache holds). */
    refreshKeys,
    forgetTab(tabId: number) {
      latest.delete(tabId);
    },
  };
}

export type Badge = ReturnType<typeof createBadge>;
