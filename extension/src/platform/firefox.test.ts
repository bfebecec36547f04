import { describe, expect, it } from 'vitest';
import { menuIds } from '../core/menus';
import { setupExtension } from '../testing/fakeExtension';
import { omniboxPlainText } from './browser';

// The same extension on Firefox's API: what differs goes through the platform wrapper, the rest of
// the extension runs unchanged.

const tab = {
  id: 7,
  windowId: 1,
  url: 'https://blog.example.com/post',
  title: 'A blog post',
  index: 0,
  active: true,
  highlighted: true,
  incognito: false,
  pinned: false,
};

describe('the extension in Firefox', () => {
  it("opens the bookmarks in Firefox's sidebar where Chrome opens its side panel", async () => {
    const firefox = await setupExtension({ browser: 'firefox' });
    await firefox.p.sidePanel.open(3);
    expect(firefox.panelsOpened).toEqual(['sidebar']);
    const chrome = await setupExtension();
    await chrome.p.sidePanel.open(3);
    expect(chrome.panelsOpened).toEqual([{ sidePanel: 3 }]);
  });

  it("gives the address bar plain text, which Firefox shows as it is, where Chrome's has markup", async () => {
    const firefox = await setupExtension({ browser: 'firefox' });
    await firefox.server.seed({
      link: 'https://docs.example.com/?a=1&b=2',
      title: 'Docs <v2> & more',
      category: 'Work',
    });
    expect(await firefox.typeInAddressBar('docs')).toEqual([
      {
        content: 'https://docs.example.com/?a=1&b=2',
        description: 'Docs <v2> & more (Work) https://docs.example.com/?a=1&b=2',
      },
    ]);
    expect(firefox.defaultSuggestion()).toBe('Search your Linkhive bookmarks for %s');
    const chrome = await setupExtension();
    expect(chrome.defaultSuggestion()).toBe('Search your Linkhive bookmarks for <match>%s</match>');
  });

  it('saves a link from the context menu, as in Chrome', async () => {
    const firefox = await setupExtension({ browser: 'firefox' });
    firefox.setLinkText('https://docs.example.com/guide', 'The guide');
    await firefox.clickMenu({ menuItemId: menuIds.saveLink, linkUrl: 'https://docs.example.com/guide' }, tab);
    expect(firefox.server.stored()).toMatchObject([
      { link: 'https://docs.example.com/guide', title: 'The guide', category: 'Uncategorized' },
    ]);
  });

  it('takes out Chrome’s markup, then reads each escape back once', () => {
    expect(omniboxPlainText('&lt;b&gt; &amp;amp; &quot;x&quot; &apos;y&apos; <url>u</url> <dim>c</dim>')).toBe(
      '<b> &amp; "x" \'y\' u (c)',
    );
  });
});
