import type { Platform } from '../platform/browser';
import { createExtensionApi, type ExtensionApiOptions } from '../core/api';
import { currentAccount } from '../core/auth';
import { createBadge } from '../core/badge';
import { fallbackCategory } from '../core/config';
import { createMenuHandler } from '../core/menus';
import { isBackgroundRequest, type BackgroundRequest } from '../core/messages';
import { createNotifier } from '../core/notifier';
import { createOmnibox } from '../core/omnibox';
import { readQueue } from '../core/queue';
import { saveAllTabs } from '../core/saveAllTabs';
import { createSaver } from '../core/saver';
import { createSavedUrls } from '../core/savedUrls';
import { readSettings } from '../core/settings';
import { createShortcutHandler } from '../core/shortcut';

/** Tab events come in bursts; the queue is retried on them at most this often. */
export const eventRetryGapMs = 2000;

/** The background's parts, put together; `listen` connects them to the browser's events. */
export function createBackground(p: Platform, options: ExtensionApiOptions & { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const api = createExtensionApi(p, options);
  const signedIn = async () => (await currentAccount(p)).userId !== null;
  const savedUrls = createSavedUrls(p, api, now);
  const badge = createBadge(p, { savedUrls, signedIn });
  const saver = createSaver(p, {
    api,
    savedUrls,
    account: () => currentAccount(p),
    // The badge takes the save's own account instead of reading it again.
    changed: (link, account) => badge.refreshLink(link, { signedIn: account.userId !== null }),
  });
  const notifier = createNotifier(p);
  const category = async () => (await readSettings(p)).defaultCategory ?? fallbackCategory;
  const onMenuClick = createMenuHandler(p, { api, saver, notifier, category });
  const onCommand = createShortcutHandler(p, { saver, notifier, category });
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
        return saver.save(request.input);
      case 'flush':
        return retry();
      case 'refresh-badges':
        return Promise.all(request.links.map((link) => badge.refreshLink(link))).then(() => ({ ok: true }));
      case 'save-all-tabs':
        return saveAllTabs(p, { saver }, request.windowId, request.category);
    }
  }

  return {
    api,
    savedUrls,
    badge,
    saver,
    notifier,
    onMenuClick,
    onCommand,
    omnibox,
    retry,
    retrySoon,
    authChanged,
    answer,
  };
}

export type Background = ReturnType<typeof createBackground>;
