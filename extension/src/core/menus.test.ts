import { describe, expect, it } from 'vitest';
import { bookmarkMessages, extensionMessages } from '@linkhive/shared/domain';
import { setupExtension } from '../testing/fakeExtension';
import { menuIds, notWebPage } from './menus';
import { readQueue } from './queue';
import { writeSettings } from './settings';

const pageTab = (id: number, url = 'https://blog.example.com/post', title = 'A blog post') => ({
  id,
  windowId: 1,
  url,
  title,
  index: 0,
  active: true,
  highlighted: true,
  incognito: false,
  pinned: false,
  discarded: false,
  autoDiscardable: true,
  frozen: false,
  groupId: -1,
  selected: true,
});

// Real titles from the fixtures' browser exports: longer than the 50 a person may type (issue 26).
const shaarli =
  'GitHub - shaarli/Shaarli: The personal, minimalist, super-fast, database free, bookmarking service - community repo';
const teapot = 'The Most Important Object In Computer Graphics History Is This Teapot - Facts So Romantic - Nautilus';

describe('the context menu', () => {
  it("adds 'Save link' on links and 'Save page' on pages when installed, once", async () => {
    const ext = await setupExtension();
    await ext.browser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await ext.browser.runtime.onInstalled.trigger({ reason: 'update' } as never);
    expect(ext.menus).toEqual([
      { id: menuIds.saveLink, title: 'Save link', contexts: ['link'] },
      { id: menuIds.savePage, title: 'Save page', contexts: ['page'] },
    ]);
  });

  it("saves a link's target under the link's text, to the default category, and says so", async () => {
    const ext = await setupExtension();
    await writeSettings(ext.p, { defaultCategory: 'Reading' });
    ext.setLinkText('https://docs.example.com/guide', 'The guide');
    await ext.clickMenu(
      { menuItemId: menuIds.saveLink, linkUrl: 'https://docs.example.com/guide', editable: false },
      pageTab(7),
    );
    expect(ext.server.stored()).toMatchObject([
      { link: 'https://docs.example.com/guide', title: 'The guide', category: 'Reading' },
    ]);
    expect(ext.notes()).toEqual([
      expect.objectContaining({ title: 'Bookmarked', message: bookmarkMessages.bookmarked('The guide', 'Reading') }),
    ]);
  });

  it("falls back to the selection, then the server's look at the page, then the site's name", async () => {
    const ext = await setupExtension();
    const click = (linkUrl: string, extra = {}) =>
      ext.clickMenu({ menuItemId: menuIds.saveLink, linkUrl, editable: false, ...extra }, pageTab(7));
    await click('https://a.example.com/', { selectionText: 'Selected words' });
    ext.server.titleOf('https://b.example.com/', 'Title from the page');
    await click('https://b.example.com/');
    await click('https://www.c.example.com/');
    expect(ext.server.stored().map((b) => [b.title, b.category])).toEqual([
      ['Selected words', 'Uncategorized'],
      ['Title from the page', 'Uncategorized'],
      ['c.example.com', 'Uncategorized'],
    ]);
  });

  it('saves a page under its whole title and a link under its whole text, as the browser gives them', async () => {
    const ext = await setupExtension();
    await ext.clickMenu(
      { menuItemId: menuIds.savePage, pageUrl: 'https://github.com/shaarli/Shaarli', editable: false },
      pageTab(3, 'https://github.com/shaarli/Shaarli', shaarli),
    );
    const teapotUrl = 'http://nautil.us/blog/the-most-important-object-in-computer-graphics-history-is-this-teapot';
    ext.setLinkText(teapotUrl, teapot);
    await ext.clickMenu({ menuItemId: menuIds.saveLink, linkUrl: teapotUrl, editable: false }, pageTab(3));
    expect(ext.server.stored().map((b) => b.title)).toEqual([shaarli, teapot]);
    expect(ext.notes()[0]).toMatchObject({ message: bookmarkMessages.bookmarked(shaarli, 'Uncategorized') });
  });

  it('explains a failure: a duplicate, a page that is not on the web, a server out of reach', async () => {
    const ext = await setupExtension();
    await ext.server.seed({ link: 'https://blog.example.com/post', title: 'Saved', category: 'Work' });
    const savePage = (url: string) =>
      ext.clickMenu({ menuItemId: menuIds.savePage, pageUrl: url, editable: false }, pageTab(3, url));
    await savePage('https://blog.example.com/post');
    await savePage('chrome://extensions/');
    ext.server.setOnline(false);
    await savePage('https://later.example.com/');
    expect(ext.notes()).toEqual([
      expect.objectContaining({ title: 'Already saved', message: bookmarkMessages.duplicateLink }),
      expect.objectContaining({ title: 'Not saved', message: notWebPage }),
      expect.objectContaining({ title: 'Saved for later', message: extensionMessages.queued }),
    ]);
    expect((await readQueue(ext.p)).map((q) => q.link)).toEqual(['https://later.example.com/']);
  });
});

describe('the keyboard shortcut', () => {
  it('saves the current tab at once and says so', async () => {
    const ext = await setupExtension();
    await ext.openTab('https://shortcut.example.com/page', 'Shortcut page');
    await ext.pressShortcut();
    expect(ext.server.stored()).toMatchObject([
      { link: 'https://shortcut.example.com/page', title: 'Shortcut page', category: 'Uncategorized' },
    ]);
    expect(ext.notes()).toEqual([
      expect.objectContaining({ message: bookmarkMessages.bookmarked('Shortcut page', 'Uncategorized') }),
    ]);
  });

  it('saves the tab under its whole title, not cut to the 50 a person may type', async () => {
    const ext = await setupExtension();
    await ext.openTab('https://github.com/shaarli/Shaarli', shaarli);
    await ext.pressShortcut();
    expect(ext.server.stored().map((b) => b.title)).toEqual([shaarli]);
  });

  it('says so when the current tab cannot be saved, and ignores other commands', async () => {
    const ext = await setupExtension();
    await ext.openTab('chrome://newtab/');
    await ext.pressShortcut('something-else');
    expect(ext.notes()).toEqual([]);
    await ext.pressShortcut();
    expect(ext.notes()).toEqual([expect.objectContaining({ message: notWebPage })]);
    expect(ext.server.stored()).toEqual([]);
  });
});
