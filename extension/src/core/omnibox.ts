import type { Bookmark } from '@linkhive/shared/domain';
import type { OmniboxDisposition, OmniboxSuggestion, Platform } from '../platform/browser';
import type { ExtensionApi } from './api';
import { currentAccount } from './auth';
import { linkKeyOf } from './savedUrls';

/** The address-bar keyword: `lh` then a space, then the search. */
export const omniboxKeyword = 'lh';
/** The address bar's first line while typing: what Enter on the typed text does. */
export const omniboxDefault = 'Search your Linkhive bookmarks for <match>%s</match>';
/** Chrome shows about this many suggestions; more would be fetched for nothing. */
export const omniboxLimit = 6;

/** Chrome reads a suggestion's description as XML: the user's text must not become markup. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

export function suggestionOf(b: Bookmark): OmniboxSuggestion {
  return {
    content: b.link,
    description: `${escapeXml(b.title)} <dim>${escapeXml(b.category)}</dim> <url>${escapeXml(b.link)}</url>`,
  };
}

/**
 * Searches the user's bookmarks from the address bar. Suggestions come from the bookmarks search
 * API (the same `q` as the side panel's search); Enter on a suggestion opens its address, Enter on
 * typed text opens the web app's search page for it.
 */
export function createOmnibox(p: Platform, deps: { api: ExtensionApi }) {
  // Each key press asks again; an older answer arriving late must not replace a newer one.
  let asked = 0;

  /** The suggestions for what is typed; null when a newer key press has asked since (say nothing). */
  async function suggest(text: string): Promise<OmniboxSuggestion[] | null> {
    const q = text.trim();
    const ticket = ++asked;
    if (!q || (await currentAccount(p)).userId === null) return [];
    try {
      const page = await deps.api.list({ q, pageSize: omniboxLimit });
      return ticket === asked ? page.items.map(suggestionOf) : null;
    } catch {
      // Offline or signed out: the address bar shows no suggestions, Enter still opens the search.
      return ticket === asked ? [] : null;
    }
  }

  async function enter(text: string, where: OmniboxDisposition): Promise<string> {
    const typed = text.trim();
    const url = linkKeyOf(typed)
      ? typed
      : `${(await currentAccount(p)).serverUrl}/search?q=${encodeURIComponent(typed)}`;
    await p.tabs.open(url, where);
    return url;
  }

  return { suggest, enter };
}

export type Omnibox = ReturnType<typeof createOmnibox>;
