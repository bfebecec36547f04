import { describe, expect, it } from 'vitest';
import { setupExtension } from '../testing/fakeExtension';
import { escapeXml } from './omnibox';

describe('address-bar search (lh)', () => {
  it("suggests the user's bookmarks from the search API, the title escaped for Chrome's XML", async () => {
    const ext = await setupExtension();
    await ext.server.seed({ link: 'https://docs.example.com/?a=1&b=2', title: 'Docs <v2> & more', category: 'Work' });
    const suggestions = await ext.typeInAddressBar(' docs ');
    expect(suggestions).toEqual([
      {
        content: 'https://docs.example.com/?a=1&b=2',
        description: 'Docs &lt;v2&gt; &amp; more <dim>Work</dim> <url>https://docs.example.com/?a=1&amp;b=2</url>',
      },
    ]);
    expect(ext.server.count('/api/bookmarks?q=docs&pageSize=6')).toBe(1);
  });

  it('suggests nothing signed out or offline, and asks nothing for an empty query', async () => {
    const ext = await setupExtension({ signedIn: false });
    expect(await ext.typeInAddressBar('docs')).toEqual([]);
    expect(ext.server.count('/api/bookmarks')).toBe(0);
    const online = await setupExtension();
    expect(await online.typeInAddressBar('  ')).toEqual([]);
    online.server.setOnline(false);
    expect(await online.typeInAddressBar('docs')).toEqual([]);
  });

  it('opens a chosen suggestion, and searches the web app for typed text', async () => {
    const ext = await setupExtension();
    const tab = await ext.openTab('https://start.example.com/');
    await ext.enterInAddressBar('https://docs.example.com/', 'currentTab');
    expect((await ext.browser.tabs.get(tab)).url).toBe('https://docs.example.com/');
    await ext.enterInAddressBar('rust & go', 'newForegroundTab');
    const urls = (await ext.browser.tabs.query({})).map((t) => t.url);
    expect(urls).toContain(`${ext.server.origin}/search?q=rust%20%26%20go`);
  });

  it('escapes the five XML characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
