import type { Platform } from '../platform/browser';

/** A notification as the extension asked Chrome to show it. */
export interface ShownNotification {
  id: string;
  title: string;
  message: string;
}

/**
 * The platform with every notification it shows also written down, in order: Chrome's own API tells
 * which notifications remain, not how many times one was shown (a replaced one leaves no trace).
 * Test builds only (entrypoints/background.ts), for the end-to-end tests' count.
 */
export function recordingNotifications(p: Platform): { platform: Platform; shown: ShownNotification[] } {
  const shown: ShownNotification[] = [];
  const notifications: Platform['notifications'] = {
    ...p.notifications,
    async show(id, note) {
      shown.push({ id, title: note.title, message: note.message });
      await p.notifications.show(id, note);
    },
  };
  return { platform: { ...p, notifications }, shown };
}
