import { autoTitle } from '@linkhive/shared/domain';
import { currentAccount } from '../../core/auth';
import { fallbackCategory } from '../../core/config';
import { askBackground } from '../../core/messages';
import { belongsTo, readQueue, type QueuedSave } from '../../core/queue';
import { recentCategories } from '../../core/recentCategories';
import type { SaveOutcome } from '../../core/saver';
import { linkKeyOf } from '../../core/savedUrls';
import type { Platform, TabInfo } from '../../platform/browser';

/** The signed-in account's waiting save of this address, if one waits in the waiting list. */
export async function waitingSaveOf(p: Platform, url: string): Promise<QueuedSave | null> {
  const key = linkKeyOf(url);
  const [queue, account] = await Promise.all([readQueue(p), currentAccount(p)]);
  return queue.find((q) => linkKeyOf(q.link) === key && belongsTo(q, account)) ?? null;
}

/** Where a one-click save goes: the category used last from this browser, else the chosen default. */
export async function oneClickCategory(p: Platform, defaultCategory: string | null): Promise<string> {
  return (await recentCategories(p))[0] ?? defaultCategory ?? fallbackCategory;
}

// One save per address per popup: React's development double effects, or a quick re-render, must
// not send it twice (the second would come back as a duplicate and hide the Undo).
const started = new Map<string, Promise<SaveOutcome>>();

/** The toolbar click's save: the tab as it is, through the worker (which owns the waiting list). */
export function saveAtOnce(p: Platform, tab: TabInfo, category: string): Promise<SaveOutcome> {
  let save = started.get(tab.url);
  if (!save) {
    save = askBackground(p, {
      type: 'save',
      input: { link: tab.url, title: autoTitle(tab.title, tab.url), category },
    });
    started.set(tab.url, save);
  }
  return save;
}
