import { describe, expect, it, vi } from 'vitest';
import { bookmarkMessages, sentPageLimits } from '@linkhive/shared/domain';
import { setupExtension, type TestExtension } from '../testing/fakeExtension';
import type { SaveOutcome } from './saver';
import { menuIds } from './menus';
import { readQueue } from './queue';
import { readSettings, writeSettings } from './settings';

const link = 'https://paywalled.example.com/story';
/** The page as the signed-in reader's browser shows it: what the server's crawler never sees. */
const html =
  '<html lang="en"><head><title>A story</title></head><body><article><p>Members only.</p></article></body></html>';

/** The popup's one-click save of the tab's page, as the popup asks the worker for it. */
const popupSave = (ext: TestExtension, tabId: number) =>
  ext.browser.runtime.sendMessage({
    type: 'save',
    input: { link, title: 'A story', titleFrom: 'page', category: 'News' },
    tabId,
  }) as Promise<SaveOutcome>;

const pagesSent = (ext: TestExtension) => ext.server.requests.filter((r) => r.method === 'PUT');

describe("the page's copy after a save of the page the user is on", () => {
  it('is on by default: the popup’s save sends the tab’s HTML and address for the saved bookmark', async () => {
    const ext = await setupExtension();
    expect((await readSettings(ext.p)).sendCopies).toBe(true);
    const tabId = await ext.openTab(link, 'A story');
    ext.setPageDocument(tabId, { html });

    const outcome = await popupSave(ext, tabId);
    expect(outcome).toMatchObject({ kind: 'saved', bookmark: { link } });
    await ext.bg.copies.idle();
    const saved = ext.server.stored()[0]!;
    expect(ext.server.sentPages(saved.id)).toEqual([{ url: link, html }]);
    // With the extension's token, to the user's own server: the same request as every other.
    expect(pagesSent(ext)).toMatchObject([
      { path: `/api/bookmarks/${saved.id}/copy`, headers: { Authorization: expect.stringMatching(/^Bearer /) } },
    ]);
  });

  it('follows the keyboard shortcut’s save and the page menu’s, not a saved link’s', async () => {
    const ext = await setupExtension();
    const tabId = await ext.openTab(link, 'A story');
    ext.setPageDocument(tabId, { html });
    await ext.pressShortcut();
    await ext.bg.copies.idle();
    expect(ext.server.allSentPages()).toEqual([{ url: link, html }]);

    const other = 'https://menu.example.com/page';
    const menuTab = await ext.openTab(other, 'Menu page');
    ext.setPageDocument(menuTab, { html: '<html><body><p>Page menu</p></body></html>' });
    const tab = await ext.browser.tabs.get(menuTab);
    await ext.clickMenu({ menuItemId: menuIds.savePage, pageUrl: other, editable: false }, tab);
    // 'Save link': the link's page is not the one loaded in the tab.
    ext.setLinkText('https://elsewhere.example.com/linked', 'A link');
    await ext.clickMenu(
      { menuItemId: menuIds.saveLink, linkUrl: 'https://elsewhere.example.com/linked', editable: false },
      tab,
    );
    await ext.bg.copies.idle();
    expect(ext.server.stored()).toHaveLength(3);
    expect(ext.server.allSentPages().map((p) => p.url)).toEqual([link, other]);
  });

  it('sends nothing with "Send a copy of the pages I save" off', async () => {
    const ext = await setupExtension();
    await writeSettings(ext.p, { sendCopies: false });
    const tabId = await ext.openTab(link, 'A story');
    ext.setPageDocument(tabId, { html });
    expect(await popupSave(ext, tabId)).toMatchObject({ kind: 'saved' });
    await ext.pressShortcut('save-page');
    await ext.bg.copies.idle();
    expect(ext.server.stored()).toHaveLength(1);
    expect(pagesSent(ext)).toEqual([]);
  });

  it('a page that cannot be read, or a server that fails the copy, leaves the save saved and says nothing else', async () => {
    const ext = await setupExtension();
    // The browser's own pages and the web store refuse scripts.
    const tabId = await ext.openTab(link, 'A story');
    ext.setPageDocument(tabId, new Error('Cannot access a chrome:// URL'));
    const refused = await popupSave(ext, tabId);
    expect(refused).toMatchObject({ kind: 'saved', message: bookmarkMessages.bookmarked('A story', 'News') });
    await ext.bg.copies.idle();
    expect(pagesSent(ext)).toEqual([]);

    // The server fails the copy: the bookmark stands, nothing waits to be sent again, no error shows.
    const second = 'https://second.example.com/story';
    const secondTab = await ext.openTab(second, 'Second story');
    ext.setPageDocument(secondTab, { html });
    ext.server.refuseSentPages(500);
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await ext.pressShortcut();
    await ext.bg.copies.idle();
    expect(pagesSent(ext)).toHaveLength(1);
    // Written to the worker's log, for whoever looks into it.
    expect(logged).toHaveBeenCalledWith(
      'Linkhive: the page’s copy was not sent',
      expect.objectContaining({ status: 500 }),
    );
    logged.mockRestore();
    expect(ext.server.stored().map((b) => b.link)).toEqual([link, second]);
    expect(await readQueue(ext.p)).toEqual([]);
    expect(ext.notes()).toEqual([
      expect.objectContaining({
        title: 'Bookmarked',
        message: bookmarkMessages.bookmarked('Second story', 'Uncategorized'),
      }),
    ]);
    // Still signed in: a failed copy ends nothing.
    expect(await ext.bg.api.lookup(second)).toMatchObject({ link: second });
  });

  it('a save never waits for its copy: it has answered while its copy is still on its way', async () => {
    const ext = await setupExtension();
    const tabId = await ext.openTab(link, 'A story');
    ext.setPageDocument(tabId, { html });
    // The server takes the copy and does not answer it.
    ext.server.holdSentPages(true);
    expect(await popupSave(ext, tabId)).toMatchObject({ kind: 'saved', bookmark: { link } });
    await vi.waitFor(() => expect(pagesSent(ext)).toHaveLength(1));
    expect(ext.server.allSentPages()).toEqual([]);
    ext.server.answerHung();
    await ext.bg.copies.idle();
    expect(ext.server.allSentPages()).toEqual([{ url: link, html }]);
  });

  it('skips a page over 3 MB, and a tab that has moved on to another page', async () => {
    const ext = await setupExtension();
    const tabId = await ext.openTab(link, 'A story');
    // Under 3 MB of characters, over 3 MB of UTF-8 bytes.
    ext.setPageDocument(tabId, { html: `<p>${'é'.repeat(sentPageLimits.maxBytes / 2 + 1)}</p>` });
    expect(await popupSave(ext, tabId)).toMatchObject({ kind: 'saved' });
    await ext.bg.copies.idle();

    const moved = 'https://moved.example.com/story';
    const movedTab = await ext.openTab(moved, 'Moved');
    ext.setPageDocument(movedTab, { html, url: 'https://moved.example.com/next-story' });
    await ext.pressShortcut();
    await ext.bg.copies.idle();
    expect(ext.server.stored()).toHaveLength(2);
    expect(pagesSent(ext)).toEqual([]);
  });
});
