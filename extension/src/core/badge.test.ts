import { describe, expect, it, vi } from 'vitest';
import { setupExtension } from '../testing/fakeExtension';
import { createSavedUrls, pageLoadRecheckMs, savedTtlMs } from './savedUrls';

describe('the toolbar badge, per tab', () => {
  it('ticks the tabs whose page is saved and no others, as the user switches between them', async () => {
    const ext = await setupExtension();
    await ext.server.seed({ link: 'https://saved.example.com/page', title: 'Saved', category: 'Work' });
    const saved = await ext.openTab('https://saved.example.com/page');
    const other = await ext.openTab('https://other.example.com/');
    expect(await ext.badgeOf(saved)).toBe('✓');
    expect(await ext.browser.action.getTitle({ tabId: saved })).toBe('Saved to Linkhive in Work');
    expect(await ext.badgeOf(other)).toBe('');

    await ext.browser.tabs.update(saved, { active: true });
    expect(await ext.badgeOf(saved)).toBe('✓');
    expect(await ext.badgeOf(other)).toBe('');
  });

  it('follows a tab to a new page, and to a page saved from the extension', async () => {
    const ext = await setupExtension();
    const tab = await ext.openTab('https://first.example.com/');
    expect(await ext.badgeOf(tab)).toBe('');
    await ext.server.seed({ link: 'https://second.example.com/', title: 'Second', category: 'Work' });
    await ext.browser.tabs.update(tab, { url: 'https://second.example.com/' });
    expect(await ext.badgeOf(tab)).toBe('✓');

    await ext.browser.tabs.update(tab, { url: 'https://third.example.com/' });
    expect(await ext.badgeOf(tab)).toBe('');
    await ext.bg.saver.save({ link: 'https://third.example.com/', title: 'Third', category: 'Work' });
    expect(await ext.badgeOf(tab)).toBe('✓');
  });

  it('shows a page as waiting while a server that took its save has not answered', async () => {
    const ext = await setupExtension({ timeoutMs: 60_000 });
    const tab = await ext.openTab('https://stalled.example.com/');
    ext.server.hang(true);
    const saving = ext.bg.saver.save({ link: 'https://stalled.example.com/', title: 'Stalled', category: 'Work' });
    await vi.waitFor(async () => expect(await ext.badgeOf(tab)).toBe('…'));
    ext.server.hang(false);
    ext.server.answerHung();
    expect(await saving).toMatchObject({ kind: 'saved' });
    expect(await ext.badgeOf(tab)).toBe('✓');
  });

  it('shows a page whose save waits in the queue as pending, and ticks it once sent', async () => {
    const ext = await setupExtension();
    const tab = await ext.openTab('https://offline.example.com/');
    ext.server.setOnline(false);
    await ext.bg.saver.save({ link: 'https://offline.example.com/', title: 'Offline', category: 'Work' });
    expect(await ext.badgeOf(tab)).toBe('…');
    expect(await ext.browser.action.getTitle({ tabId: tab })).toBe('Waiting to be saved to Linkhive');
    ext.server.setOnline(true);
    await ext.bg.retry();
    expect(await ext.badgeOf(tab)).toBe('✓');
  });

  /** A page load in a tab, as Chrome reports its end (onUpdated), without the activation tabs.update adds. */
  const pageLoad = async (ext: Awaited<ReturnType<typeof setupExtension>>, tabId: number) => {
    const tab = await ext.browser.tabs.get(tabId);
    await ext.browser.tabs.onUpdated.trigger(tabId, { status: 'complete' }, tab);
  };

  it('asks the server once per address on page loads close together, and again on a later one', async () => {
    let now = 1_000_000;
    const ext = await setupExtension({ now: () => now });
    const url = 'https://cached.example.com/';
    await ext.server.seed({ link: url, title: 'Cached', category: 'Work' });
    const lookups = () => ext.server.count(`/api/bookmarks/lookup?url=${encodeURIComponent(url)}`);
    const tab = await ext.openTab(url);
    const asked = lookups();
    await pageLoad(ext, tab);
    await pageLoad(ext, tab);
    expect(lookups()).toBe(asked);

    now += pageLoadRecheckMs + 1;
    await pageLoad(ext, tab);
    expect(lookups()).toBe(asked + 1);
    expect(await ext.badgeOf(tab)).toBe('✓');
  });

  it('shows a page deleted in the web app as unsaved when it loads again, in a tab that kept the focus', async () => {
    let now = 1_000_000;
    const ext = await setupExtension({ now: () => now });
    const saved = await ext.server.seed({ link: 'https://reloaded.example.com/', title: 'Reloaded', category: 'Work' });
    const tab = await ext.openTab(saved.link);
    expect(await ext.badgeOf(tab)).toBe('✓');
    await ext.pageApi.remove(saved.id); // the web app's delete: the extension is not told

    now += pageLoadRecheckMs + 1;
    await pageLoad(ext, tab);
    expect(await ext.badgeOf(tab)).toBe('');
  });

  it('checks a tab again when the user switches to it: a delete in the web app shows at once', async () => {
    const ext = await setupExtension();
    const saved = await ext.server.seed({ link: 'https://deleted.example.com/', title: 'Deleted', category: 'Work' });
    const tab = await ext.openTab(saved.link);
    expect(await ext.badgeOf(tab)).toBe('✓');
    await ext.openTab('https://other.example.com/');
    await ext.pageApi.remove(saved.id); // the web app's delete: the extension is not told

    await ext.browser.tabs.update(tab, { active: true });
    expect(await ext.badgeOf(tab)).toBe('');
  });

  it("follows at once what the popup finds, with no message: the page's tick goes when it is found unsaved", async () => {
    const ext = await setupExtension();
    const saved = await ext.server.seed({ link: 'https://found.example.com/', title: 'Found', category: 'Work' });
    const tab = await ext.openTab(saved.link);
    expect(await ext.badgeOf(tab)).toBe('✓');
    await ext.pageApi.remove(saved.id);

    // What the popup does when it opens: its own look-up, remembered in the shared cache.
    const popupCache = createSavedUrls(ext.p, ext.pageApi);
    expect(await ext.pageApi.lookup(saved.link)).toBeNull();
    await popupCache.forget(saved.link);
    await vi.waitFor(async () => expect(await ext.badgeOf(tab)).toBe(''));

    // And the other way: found saved (in the web app meanwhile), the tick comes back.
    const again = await ext.server.seed({ link: saved.link, title: 'Found', category: 'Reading' });
    await popupCache.remember(again);
    await vi.waitFor(async () => expect(await ext.badgeOf(tab)).toBe('✓'));
    expect(await ext.browser.action.getTitle({ tabId: tab })).toBe('Saved to Linkhive in Reading');
  });

  it('keeps the last known state when the server cannot answer', async () => {
    let now = 1_000_000;
    const ext = await setupExtension({ now: () => now });
    await ext.server.seed({ link: 'https://known.example.com/', title: 'Known', category: 'Work' });
    const tab = await ext.openTab('https://known.example.com/');
    now += savedTtlMs + 1;
    ext.server.setOnline(false);
    await ext.browser.tabs.update(tab, { url: 'https://known.example.com/' });
    expect(await ext.badgeOf(tab)).toBe('✓');
  });

  it('shows nothing on pages that cannot be saved, and nothing when signed out', async () => {
    const ext = await setupExtension();
    const settings = await ext.openTab('chrome://settings/');
    expect(await ext.badgeOf(settings)).toBe('');
    expect(ext.server.count('/api/bookmarks/lookup')).toBe(0);

    await ext.server.seed({ link: 'https://saved.example.com/', title: 'Saved', category: 'Work' });
    const saved = await ext.openTab('https://saved.example.com/');
    expect(await ext.badgeOf(saved)).toBe('✓');
    await ext.pageApi.signOut();
    expect(await ext.badgeOf(saved)).toBe('');
  });

  it('does not let a slow answer for the previous page overwrite the badge of the current one', async () => {
    const ext = await setupExtension();
    await ext.server.seed({ link: 'https://slow.example.com/', title: 'Slow', category: 'Work' });
    const tab = await ext.openTab('https://start.example.com/');
    // Two navigations in a row; the first answer (saved) arrives after the second (not saved).
    const first = ext.bg.badge.refresh(tab, 'https://slow.example.com/');
    const second = ext.bg.badge.refresh(tab, 'chrome://newtab/');
    await Promise.all([first, second]);
    expect(await ext.badgeOf(tab)).toBe('');
  });

  it('ticks every tab showing a saved page, not only the active one (the popup opened as a page)', async () => {
    const ext = await setupExtension();
    const first = await ext.openTab('https://twice.example.com/');
    const second = await ext.openTab('https://twice.example.com');
    await ext.openTab('https://elsewhere.example.com/');
    await ext.bg.saver.save({ link: 'https://twice.example.com/', title: 'Twice', category: 'Work' });
    expect([await ext.badgeOf(first), await ext.badgeOf(second)]).toEqual(['✓', '✓']);
  });

  it('clears the badge when a page deletes the bookmark and asks the background to follow', async () => {
    const ext = await setupExtension();
    const saved = await ext.server.seed({ link: 'https://gone.example.com/', title: 'Gone', category: 'Work' });
    const tab = await ext.openTab('https://gone.example.com/');
    expect(await ext.badgeOf(tab)).toBe('✓');
    // What the side panel does on delete: the server, the shared cache, then the message.
    await ext.pageApi.remove(saved.id);
    await ext.bg.savedUrls.forget(saved.link);
    await ext.browser.runtime.sendMessage({ type: 'refresh-badges', links: [saved.link] });
    expect(await ext.badgeOf(tab)).toBe('');
  });
});
