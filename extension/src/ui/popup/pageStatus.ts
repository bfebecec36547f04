import { importedTitle, type Bookmark } from '@linkhive/shared/domain';
import type { ExtensionApi } from '../../core/api';
import { currentAccount } from '../../core/auth';
import { fallbackCategory } from '../../core/config';
import { askBackground } from '../../core/messages';
import { belongsTo, readQueue, type QueuedSave } from '../../core/queue';
import { recentCategories } from '../../core/recentCategories';
import type { SaveOutcome } from '../../core/saver';
import { linkKeyOf, type SavedUrls } from '../../core/savedUrls';
import { readSettings } from '../../core/settings';
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

/** What opening the popup on a page found or did. */
export type Opening =
  /** Its save waits in the waiting list: shown as waiting, not saved again. */
  | { kind: 'waiting'; item: QueuedSave }
  /** "Ask first", or nobody signed in: nothing saved; the popup looks the page up itself. */
  | { kind: 'ask'; signedOut?: boolean }
  /** Known to be saved, and the server still has it. */
  | { kind: 'found'; bookmark: Bookmark }
  /**
   * Remembered as saved, and the server is slow to confirm it: shown as saved meanwhile; `next` is
   * what the server's answer makes of it (found, or saved again after a delete elsewhere).
   */
  | { kind: 'remembered'; category: string; next: Promise<Opening> }
  /** The one-click save, made: its outcome. */
  | { kind: 'saved'; outcome: SaveOutcome };

/** How long the popup waits on the server before it shows what it knows instead (tests set less). */
export const popupTiming = {
  /** A one-click save: past this it shows as waiting. */
  slowSaveMs: 3000,
  /** A look-up (a page remembered as saved, the ask-first form): past this the popup shows what it knows. */
  slowLookupMs: 1000,
};

/** The promise's value if it settles within `ms`, else null (it runs on; its failure is the caller's). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

// One opening per address per popup: the early start (prestart.ts) and the popup's own effect
// share it, and React's development double effects must not save twice (the second would come
// back as a duplicate and hide the Undo).
const openings = new Map<string, Promise<Opening>>();

type Deps = { api: ExtensionApi; savedUrls: SavedUrls };

/** The toolbar click's save, through the worker, which owns the waiting list: a popup closed mid-request loses nothing. */
async function saveNow(p: Platform, tab: TabInfo, defaultCategory: string | null): Promise<Opening> {
  const category = await oneClickCategory(p, defaultCategory);
  const saving = askBackground(p, {
    type: 'save',
    // The tab's title whole (issue 26): the popup then shows it to shorten or change.
    input: { link: tab.url, title: importedTitle(tab.title, tab.url), titleFrom: 'page', category },
    // The page the click was on: the worker sends its copy once the save has answered.
    tabId: tab.id,
  });
  // A server that takes the request and is slow to answer (or never does) must not hold the popup
  // on a spinner: the save is in the waiting list before it is sent, so past a short wait it shows
  // as waiting, and the worker delivers it (the waiting view looks again once it has gone).
  const answered = await within(saving, popupTiming.slowSaveMs);
  if (answered) return { kind: 'saved', outcome: answered };
  const kept = await waitingSaveOf(p, tab.url);
  if (kept) return { kind: 'waiting', item: kept };
  return { kind: 'saved', outcome: await saving };
}

async function open(p: Platform, deps: Deps, tab: TabInfo, askFirst: boolean | undefined): Promise<Opening> {
  // Local reads only, side by side: the save starts as soon as they are in.
  const [settings, account, waiting, known] = await Promise.all([
    readSettings(p),
    currentAccount(p),
    waitingSaveOf(p, tab.url),
    deps.savedUrls.remembered(tab.url),
  ]);
  if (waiting) return { kind: 'waiting', item: waiting };
  if (account.userId === null) return { kind: 'ask', signedOut: true };
  if (askFirst ?? settings.askFirst) return { kind: 'ask' };
  if (!known?.saved) return saveNow(p, tab, settings.defaultCategory);
  // Known to be saved: one lookup shows it, where a save would take two requests (its refusal as a
  // duplicate, then the lookup). Deleted since (in the web app), it is saved again.
  const confirmed = deps.api.lookup(tab.url).then(async (found): Promise<Opening> => {
    if (!found) return saveNow(p, tab, settings.defaultCategory);
    await deps.savedUrls.remember(found);
    return { kind: 'found', bookmark: found };
  });
  // A slow server does not hold the popup for its whole deadline: what is remembered shows first.
  const early = await within(
    confirmed.catch(() => null),
    popupTiming.slowLookupMs,
  );
  return early ?? { kind: 'remembered', category: known.category ?? '', next: confirmed };
}

/**
 * Opens the popup on a page: the toolbar click's save unless "ask first" (the stored setting when
 * `askFirst` is not given). Started once per address; later calls share the first.
 */
export function openPage(p: Platform, deps: Deps, tab: TabInfo, askFirst?: boolean): Promise<Opening> {
  let opening = openings.get(tab.url);
  if (!opening) {
    opening = open(p, deps, tab, askFirst);
    openings.set(tab.url, opening);
    // Signed out, the popup shows the sign-in: once signed in, its click saves after all.
    void opening.then(
      (o) => o.kind === 'ask' && o.signedOut && openings.delete(tab.url),
      () => openings.delete(tab.url),
    );
  }
  return opening;
}
