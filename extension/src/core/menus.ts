import { importedTitle } from '@linkhive/shared/domain';
import type { MenuClick, MenuItem, Platform, TabInfo } from '../platform/browser';
import type { ExtensionApi } from './api';
import type { CopySender } from './copies';
import type { Notifier } from './notifier';
import type { SaveOutcome, Saver } from './saver';
import { linkKeyOf } from './savedUrls';

export const menuIds = { saveLink: 'linkhive-save-link', savePage: 'linkhive-save-page' } as const;

export const menuItems: readonly MenuItem[] = [
  { id: menuIds.saveLink, title: 'Save link', contexts: ['link'] },
  { id: menuIds.savePage, title: 'Save page', contexts: ['page'] },
];

export const notWebPage = 'Only web pages (http and https addresses) can be saved to Linkhive.';

/**
 * 'Save link' saves the link's target under the link's text; 'Save page' saves the page under its
 * title. Chrome gives the link's address only, so its text is read from the page; when the page
 * cannot be read the selection, then the server's look at the page, then the site's name stand in.
 */
export function createMenuHandler(
  p: Platform,
  deps: {
    api: ExtensionApi;
    saver: Saver;
    notifier: Notifier;
    category: () => Promise<string>;
    /** 'Save page' saves the page the tab shows: its copy follows. Not 'Save link': that page is not loaded. */
    copies?: CopySender;
  },
) {
  async function linkTitle(click: MenuClick, tab: TabInfo | null, link: string): Promise<string> {
    const text =
      (tab ? await p.pages.linkText(tab.id, click.frameId, link) : null) ||
      click.selectionText ||
      (await deps.api.preview(link).then(
        (preview) => preview.title,
        () => null,
      ));
    return importedTitle(text, link);
  }

  /** The address and title the click asks to save; null for a non-web address. */
  async function target(click: MenuClick, tab: TabInfo | null): Promise<{ link: string; title: string } | null> {
    if (click.menuItemId === menuIds.saveLink) {
      const link = click.linkUrl;
      return link && linkKeyOf(link) ? { link, title: await linkTitle(click, tab, link) } : null;
    }
    const link = tab?.url || click.pageUrl;
    return link && linkKeyOf(link) ? { link, title: importedTitle(tab?.title, link) } : null;
  }

  return async function onMenuClick(click: MenuClick, tab: TabInfo | null): Promise<SaveOutcome | null> {
    if (click.menuItemId !== menuIds.saveLink && click.menuItemId !== menuIds.savePage) return null;
    const found = await target(click, tab);
    if (!found) {
      await deps.notifier.cannotSave(notWebPage);
      return null;
    }
    // The page's own words, kept whole as an import keeps them: nobody typed them (issue 26).
    const outcome = await deps.saver.save({ ...found, titleFrom: 'page', category: await deps.category() });
    if (click.menuItemId === menuIds.savePage) deps.copies?.afterSave(tab?.id, outcome);
    await deps.notifier.report(outcome);
    return outcome;
  };
}
