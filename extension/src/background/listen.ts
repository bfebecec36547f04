import type { Platform } from '../platform/browser';
import { authKey } from '../core/auth';
import { menuItems } from '../core/menus';
import { actionPrefix } from '../core/notifier';
import { omniboxDefault } from '../core/omnibox';
import { retryAlarm } from '../core/queue';
import { pageLoadRecheckMs, savedUrlsKey } from '../core/savedUrls';
import type { Background } from './createBackground';

/**
 * Connects the browser's events to the background's parts, and nothing else. Listeners are added
 * when the worker starts, every time: Chrome only wakes a worker for events it listened to at once.
 */
export function listen(p: Platform, bg: Background): void {
  p.runtime.onInstalled(() => p.menus.install(menuItems));
  p.runtime.onStartup(() => bg.retry());
  p.menus.onClicked(bg.onMenuClick);
  p.commands.onCommand(bg.onCommand);
  p.omnibox.listen(bg.omnibox);
  void p.omnibox.setDefault(omniboxDefault).catch((e: unknown) => console.error('Linkhive:', e));

  // The tab the user turns to is checked with the server again (the remembered answer shows first):
  // a bookmark deleted in the web app loses its tick as soon as its page is looked at.
  p.tabs.onActivated((tabId) =>
    Promise.all([bg.badge.refresh(tabId, undefined, { revalidate: true }), bg.retrySoon()]),
  );
  // A page load trusts the remembered answer for a short while only: going back to a page whose
  // bookmark was deleted elsewhere shows it unsaved, even in a tab that never lost the focus.
  p.tabs.onUpdated((tabId, change, tab) => {
    if (!change.url && change.status !== 'complete') return;
    return Promise.all([bg.badge.refresh(tabId, tab?.url, { maxAgeMs: pageLoadRecheckMs }), bg.retrySoon()]);
  });
  p.tabs.onRemoved((tabId) => bg.badge.forgetTab(tabId));

  p.alarms.onAlarm((name) => name === retryAlarm && bg.retry());
  p.notifications.onClicked((id) => id.startsWith(actionPrefix) && p.runtime.openOptions());
  p.runtime.onMessage((message) => bg.answer(message));
  p.storage.onChange('local', authKey, () => bg.authChanged());
  p.storage.onChange('session', savedUrlsKey, (next, previous) => bg.savedStatesChanged(next, previous));
}
