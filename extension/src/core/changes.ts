import type { Platform } from '../platform/browser';

/**
 * Session storage key the background rewrites after a save reached the server (from the popup, the
 * context menu, the shortcut or a retry): every open extension page sees the change at once, and
 * the side panel loads its list again. Storage rather than a runtime message: a message to pages
 * that are not open fails, and a storage change reaches each page that listens, however many.
 */
export const bookmarksChangedKey = 'bookmarksChanged';

export interface BookmarksChange {
  /** A new value each time: storage tells listeners only about values that differ. */
  id: string;
  links: string[];
}

export async function announceBookmarksChanged(p: Platform, links: string[]): Promise<void> {
  await p.storage.session.set(bookmarksChangedKey, { id: crypto.randomUUID(), links } satisfies BookmarksChange);
}

/** Calls back after each announced change; answers the function that stops listening. */
export function onBookmarksChanged(p: Platform, handler: (change: BookmarksChange) => unknown): () => void {
  return p.storage.onChange('session', bookmarksChangedKey, (value) => value && handler(value as BookmarksChange));
}
