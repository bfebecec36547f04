import { importedTitle } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { CopySender } from './copies';
import { notWebPage } from './menus';
import type { Notifier } from './notifier';
import type { SaveOutcome, Saver } from './saver';
import { linkKeyOf } from './savedUrls';

/** The keyboard shortcut's command name (manifest `commands`). */
export const saveCommand = 'save-page';

/**
 * The shortcut saves the tab the user is on at once, to the default category, and says so; the
 * page's copy follows (the shortcut grants `activeTab` on it).
 */
export function createShortcutHandler(
  p: Platform,
  deps: { saver: Saver; notifier: Notifier; category: () => Promise<string>; copies?: CopySender },
) {
  return async function onCommand(name: string): Promise<SaveOutcome | null> {
    if (name !== saveCommand) return null;
    const tab = await p.tabs.active();
    if (!tab || !linkKeyOf(tab.url)) {
      await deps.notifier.cannotSave(notWebPage);
      return null;
    }
    const outcome = await deps.saver.save({
      link: tab.url,
      // The tab's title as the page has it, not cut to the 50 a person may type (issue 26).
      title: importedTitle(tab.title, tab.url),
      titleFrom: 'page',
      category: await deps.category(),
    });
    deps.copies?.afterSave(tab.id, outcome);
    await deps.notifier.report(outcome);
    return outcome;
  };
}
