import { importedTitle } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { SaveInput, Saver } from './saver';
import { linkKeyOf } from './savedUrls';

/** What became of 'Save all tabs': one line for the popup and one notification. */
export interface SaveAllSummary {
  saved: number;
  /** In the bookmarks already (or open twice in the window): skipped, never saved twice. */
  skipped: number;
  /** Kept in the waiting list: the server did not answer. */
  waiting: number;
  /** Refused by the server (an invalid address). */
  refused: number;
  /** The browser's own pages and other non-web tabs, left out. */
  notWeb: number;
  message: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The summary's one sentence, e.g. "3 tabs saved to Reading. 1 was saved already." */
export function summaryMessage(s: Omit<SaveAllSummary, 'message'>, category: string): string {
  const parts = [`${plural(s.saved, 'tab', 'tabs')} saved to ${category}.`];
  if (s.skipped) parts.push(`${s.skipped} ${s.skipped === 1 ? 'was' : 'were'} saved already.`);
  if (s.waiting) parts.push(`${s.waiting} ${s.waiting === 1 ? 'waits' : 'wait'} for the server.`);
  if (s.refused) parts.push(`${s.refused} could not be saved.`);
  if (s.notWeb) parts.push(`${plural(s.notWeb, 'tab is not a web page', 'tabs are not web pages')}.`);
  return parts.join(' ');
}

export const saveAllTitle = 'Tabs saved to Linkhive';

/**
 * How many of the tabs are sent at once: enough that fifty tabs do not take fifty round trips, few
 * enough that a server in trouble is not hit with fifty requests, and that the server's duplicate
 * check and per-account limits see the saves nearly in order.
 */
export const saveAllConcurrency = 3;

/**
 * Saves every web tab of a window into one category, through the saver (the same waiting list and
 * duplicate check as a single save): every tab is in the waiting list before the first is sent, and
 * a server that is out of reach or does not answer stops the round after one deadline, leaving the
 * rest to the retries. The same address open twice is saved once; one notification sums it up
 * instead of one per tab.
 */
export async function saveAllTabs(
  p: Platform,
  deps: { saver: Saver },
  windowId: number,
  category: string,
): Promise<SaveAllSummary> {
  const tabs = await p.tabs.inWindow(windowId);
  const counts = { saved: 0, skipped: 0, waiting: 0, refused: 0, notWeb: 0 };
  const seen = new Set<string>();
  const inputs: SaveInput[] = [];
  for (const tab of tabs) {
    const key = linkKeyOf(tab.url);
    if (!key) counts.notWeb++;
    else if (seen.has(key)) counts.skipped++;
    else {
      seen.add(key);
      inputs.push({ link: tab.url, title: importedTitle(tab.title, tab.url), titleFrom: 'page', category });
    }
  }
  const outcomes = await deps.saver.saveMany(inputs, { concurrency: saveAllConcurrency });
  for (const outcome of outcomes) {
    if (outcome.kind === 'saved') counts.saved++;
    else if (outcome.kind === 'duplicate') counts.skipped++;
    else if (outcome.kind === 'queued') counts.waiting++;
    else counts.refused++;
  }
  const message = summaryMessage(counts, category);
  await p.notifications.show(`linkhive-all-${Date.now()}`, { title: saveAllTitle, message });
  return { ...counts, message };
}
