import type { Platform } from '../platform/browser';
import { isQueued } from './queue';
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
  /** Already known to the caller (a save knows its account); otherwise read from storage. */
  signedIn?: boolean;
}

/**
 * The toolbar badge, set per tab: a tick on tabs whose page is saved, an ellipsis while a save of
 * it waits in the queue, nothing otherwise. Each tab keeps a counter so that a slow answer for the
 * page a tab showed before cannot overwrite the badge of the page it shows now.
 */
export function createBadge(p: Platform, deps: { savedUrls: SavedUrls; signedIn: () => Promise<boolean> }) {
  const latest = new Map<number, number>();

  async function stateOf(url: string, options: RefreshOptions): Promise<BadgeState> {
    if (!linkKeyOf(url) || !(options.signedIn ?? (await deps.signedIn()))) return { kind: 'none' };
    if (await isQueued(p, url)) return { kind: 'pending' };
    const state = await deps.savedUrls.check(url, { refresh: options.refresh });
    return state?.saved ? { kind: 'saved', category: state.category } : { kind: 'none' };
  }

  async function refresh(tabId: number, url?: string, options: RefreshOptions = {}) {
    const turn = (latest.get(tabId) ?? 0) + 1;
    latest.set(tabId, turn);
    const target = url ?? (await p.tabs.get(tabId))?.url ?? '';
    const state = await stateOf(target, options);
    if (latest.get(tabId) !== turn) return;
    try {
      await p.badge.show(tabId, badgeLook(state));
    } catch {
      // The tab closed while the server answered.
    }
  }

  return {
    refresh,
    /** The badges on screen: the active tab of each window. */
    async refreshVisible(options: { refresh?: boolean } = {}) {
      await Promise.all((await p.tabs.allActive()).map((t) => refresh(t.id, t.url, options)));
    },
    /** The badges of every tab showing this address, after a save, an edit or a delete of it. */
    async refreshLink(link: string, options: Pick<RefreshOptions, 'signedIn'> = {}) {
      const key = linkKeyOf(link);
      if (!key) return;
      const tabs = (await p.tabs.all()).filter((t) => linkKeyOf(t.url) === key);
      await Promise.all(tabs.map((t) => refresh(t.id, t.url, options)));
    },
    forgetTab(tabId: number) {
      latest.delete(tabId);
    },
  };
}

export type Badge = ReturnType<typeof createBadge>;
