import type { Platform } from '../platform/browser';
import { createExtensionApi, type ExtensionApiOptions } from '../core/api';
import { currentAccount } from '../core/auth';
import { createBadge } from '../core/badge';
import { announceBookmarksChanged } from '../core/changes';
import { fallbackCategory } from '../core/config';
import { createCopySender } from '../core/copies';
import { createMenuHandler } from '../core/menus';
import { isBackgroundRequest, type BackgroundRequest } from '../core/messages';
import { createNotifier } from '../core/notifier';
import { createOmnibox } from '../core/omnibox';
import { readQueue } from '../core/queue';
import { saveAllTabs } from '../core/saveAllTabs';
import { createSaver } from '../core/saver';
import { changedKeys, createSavedUrls, type SavedState } from '../core/savedUrls';
import { readSettings } from '../core/settings';
import { createShortcutHandler } from '../core/shortcut';

/** Tab events come in bursts; the queue is retried on them at most this often. */
export const eventRetryGapMs = 2000;

/** The background's parts, put together; `listen` connects them to the browser's events. */
export function createBackground(p: Platform, options: ExtensionApiOptions & { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const api = createExtensionApi(p, options);
  const readAccount = () => currentAccount(p);
  const signedIn = async () => (await readAccount()).userId !== null;
  const savedUrls = createSavedUrls(p, api, now);
  const badge = createBadge(p, { savedUrls, account: readAccount });
  const saver = createSaver(p, {
    api,
    savedUrls,
    account: readAccount,
    queued: (links, account) => badge.refreshLinks(links, { account }),
    changed: async (link, account, outcome) => {
      // The badge takes the save's own account instead of reading it again.
      await badge.refreshLinks([link], { account });
      // Open pages (the side panel's list) follow a save that reached the server, wherever it was made.
      if (outcome.kind === 'saved') await announceBookmarksChanged(p, [link]);
    },
  });
  const notifier = createNotifier(p);
  const category = async () => (await readSettings(p)).defaultCategory ?? fallbackCategory;
  // The page of a save made from its own tab goes to the server after the save (core/copies.ts).
  const copies = createCopySender(p, { api });
  const onMenuClick = createMenuHandler(p, { api, saver, notifier, category, copies });
  const onCommand = createShortcutHandler(p, { saver, notifier, category, copies });
  const omnibox = createOmnibox(p, { api });

  /** Sends the queue and tells the user about each save that went out. */
  async function retry() {
    const outcomes = await saver.flush();
    await notifier.reportDelivered(outcomes);
    return outcomes;
  }

  let lastEventRetry = -Infinity;
  /** A retry on a passing event (a tab switch), not more often than every couple of seconds. */
  async function retrySoon() {
    if (now() - lastEventRetry < eventRetryGapMs || (await readQueue(p)).length === 0) return;
    lastEventRetry = now();
    await retry();
  }

  /** Sign-in, sign-out or another server: what was known about saved pages no longer holds. */
  async function authChanged() {
    await savedUrls.clear();
    await badge.refreshVisible();
    if (await signedIn()) await retry();
  }

  function answer(message: unknown): Promise<unknown> | null {
    if (!isBackgroundRequest(message)) return null;
    const request: BackgroundRequest = message;
    switch (request.type) {
      case 'save':
        return saver.save(request.input).then((outcome) => {
          copies.afterSave(request.tabId, outcome);
          return outcome;
        });
      case 'flush':
        return retry();
      case 'refresh-badges':
        // An edit or a delete in a page (the popup's Edit or Undo): badges and open lists follow.
        return Promise.all([badge.refreshLinks(request.links), announceBookmarksChanged(p, request.links)]).then(
          () => ({ ok: true }) as const,
        );
      case 'save-all-tabs':
        return saveAllTabs(p, { saver }, request.windowId, request.category);
    }
  }

  /**
   * What a page found out about saved addresses (the popup's own check, an edit or a delete in the
   * side panel) reaches the badges at once: they follow the remembered states in session storage.
   */
  async function savedStatesChanged(next: unknown, previous: unknown) {
    if (next == null) return; // cleared on a sign-in or sign-out: authChanged redraws them all
    const states = next as Record<string, SavedState>;
    // The worker's own writes (a save, a look-up) have redrawn their badges already.
    await badge.refreshKeys(changedKeys(next, previous).filter((key) => !savedUrls.wroteItself(key, states[key])));
  }

  return {
    api,
    savedUrls,
    badge,
    saver,
    notifier,
    copies,
    onMenuClick,
    onCommand,
    omnibox,
    retry,
    retrySoon,
    authChanged,
    answer,
    savedStatesChanged,
  };
}

export type Background = ReturnType<typeof createBackground>;
