import { bookmarkMessages as m, extensionMessages, normaliseLink } from '../shared/src/domain/index.js';
import { pageTexts } from '../extension/src/ui/texts.js';
import { fixtureUrl } from './testing/accounts.js';
import { expect, test, type ExtensionHelpers, type Linkhive } from './testing/extension.js';
import { startFaultProxy, type FaultProxy } from './testing/faultProxy.js';

// Saving with the built extension in Chromium against a real server: a server that takes requests
// and never answers (a fault proxy in front of it), the saved tick after a delete elsewhere, one
// notification per save, the waiting list per account, and the side panel after a save.

// The extension API inside evaluate callbacks, which run in Chromium.
declare const chrome: any;

const feedsPage = fixtureUrl('/pages/firefox-feeds-test-page-rss-relative.html');
const wikiPage = fixtureUrl('/pages/wikipedia-fr-article-atom-alternate.html');
const discoveryPage = fixtureUrl('/pages/firefox-feed-discovery-rel-variants.html');

/** What these tests use of the background's test hook (entrypoints/background.ts). */
interface Background extends Linkhive {
  retry(): Promise<unknown[]>;
  onCommand(name: string): Promise<unknown>;
  /** Every notification the test build showed, in order. */
  shown: { id: string; title: string; message: string }[];
  api: Linkhive['api'] & { signOut(): Promise<void> };
}

/**
 * Points the extension at `serverUrl`. `askFirst` keeps the popup on its add form where the popup
 * would otherwise save at once; `requestTimeoutMs` shortens the request deadline, so that a hung
 * request ends within a test's budget rather than after the default 15 s.
 */
async function configure(ext: ExtensionHelpers, serverUrl: string, extra: { requestTimeoutMs?: number } = {}) {
  await ext.worker.evaluate(
    (values) =>
      chrome.storage.local.set({
        settings: { serverUrl: values.serverUrl, defaultCategory: null, askFirst: true },
        ...(values.requestTimeoutMs ? { requestTimeoutMs: values.requestTimeoutMs } : {}),
      }),
    { serverUrl, ...extra },
  );
}

/** The context menu's 'Save page' on a tab, as Chrome calls it (automation cannot click a menu). */
function menuSave(ext: ExtensionHelpers, tabId: number, pageUrl: string) {
  return ext.worker.evaluate(
    async ({ tabId, pageUrl }) => {
      const tab = await chrome.tabs.get(tabId);
      const bg = (globalThis as unknown as { linkhive: Background }).linkhive;
      return bg.onMenuClick(
        { menuItemId: 'linkhive-save-page', pageUrl },
        { id: tab.id, windowId: tab.windowId, url: tab.url, title: tab.title },
      );
    },
    { tabId, pageUrl },
  );
}

/** The waiting list as stored: what survives a stopped worker. */
const waiting = (ext: ExtensionHelpers) =>
  ext.worker.evaluate(async () => {
    const { queue } = await chrome.storage.local.get('queue');
    return ((queue ?? []) as { link: string; attempts: number; userId: string | null }[]).map((q) => ({
      link: q.link,
      attempts: q.attempts,
      userId: q.userId,
    }));
  });

/**
 * Whether the stalled send has ended since its connection dropped: failed once and waiting, or gone
 * through already (Chromium sends a request again by itself when a reused connection closes before
 * any answer, which the proxy, passing again, forwards).
 */
const sendEnded = async (ext: ExtensionHelpers) => {
  const queue = await waiting(ext);
  return queue.length === 0 || queue[0]!.attempts >= 1;
};

const linksSaved = async (ext: ExtensionHelpers, link: string) =>
  (await ext.bookmarks()).items.filter((b) => b.link === link).length;

/** A request deadline for the saves that follow (read by the extension on each request). */
const setRequestTimeout = (ext: ExtensionHelpers, ms: number) =>
  ext.worker.evaluate((value) => chrome.storage.local.set({ requestTimeoutMs: value }), ms);

/** The bookmark creations the real server received for `link`, with its answers' statuses. */
const createsOf = (proxy: FaultProxy, link: string) =>
  proxy
    .forwarded('POST', '/api/bookmarks')
    .filter((r) => (JSON.parse(r.body) as { link: string }).link === link)
    .map((r) => r.status);

test('a server that takes requests and never answers freezes nothing; the hung save arrives once after', async ({
  ext,
}) => {
  const proxy = await startFaultProxy(ext.server.url);
  try {
    const account = await ext.signUp();
    await configure(ext, proxy.url, { requestTimeoutMs: 4000 });
    await ext.signInExtension(account);
    const a = await ext.openTab(feedsPage);
    const b = await ext.openTab(wikiPage);

    proxy.hang();
    // The popup does not spin: its look-up ends at the deadline and it offers the form.
    const popup = await ext.openPopup(b.tabId);
    await expect(popup.getByText(extensionMessages.serverUnreachable)).toBeVisible();
    await expect(popup.getByRole('form', { name: 'Add Link' })).toBeVisible();
    await popup.close();

    // The save below must still be hung when the second one is answered, however slow this machine:
    // a deadline far beyond the test's steps, and the connection dropped by the proxy at the end.
    await setRequestTimeout(ext, 120_000);
    // A save while the server hangs: in the waiting list before (and while) it is sent.
    await ext.worker.evaluate(
      ({ tabId, pageUrl }) =>
        void chrome.tabs
          .get(tabId)
          .then((tab: { id: number; windowId: number; url: string; title: string }) =>
            (globalThis as unknown as { linkhive: Background }).linkhive.onMenuClick(
              { menuItemId: 'linkhive-save-page', pageUrl },
              { id: tab.id, windowId: tab.windowId, url: tab.url, title: tab.title },
            ),
          ),
      { tabId: a.tabId, pageUrl: feedsPage },
    );
    await expect.poll(async () => (await waiting(ext)).map((q) => q.link)).toEqual([feedsPage]);
    await expect.poll(() => proxy.stillHung('POST', '/api/bookmarks')).toBe(1);

    // The server answers again; the first request stays hung. A second save is not held behind it:
    // answered while the first is still open and has not even failed once.
    proxy.pass();
    expect(await menuSave(ext, b.tabId, wikiPage)).toMatchObject({ kind: 'saved', bookmark: { link: wikiPage } });
    expect(proxy.stillHung('POST', '/api/bookmarks')).toBe(1);
    expect(await waiting(ext)).toMatchObject([{ link: feedsPage, attempts: 0 }]);
    expect(createsOf(proxy, wikiPage)).toEqual([201]);
    expect(createsOf(proxy, feedsPage)).toEqual([]);
    expect(await linksSaved(ext, wikiPage)).toBe(1);

    // Its connection drops: it waits in the list, and the next retry (opening the popup) delivers it.
    proxy.dropHung();
    await expect.poll(() => sendEnded(ext)).toBe(true);
    await ext.openPopup(a.tabId);
    await expect.poll(() => linksSaved(ext, feedsPage)).toBe(1);
    await expect.poll(() => waiting(ext)).toEqual([]);
    // Once: one request reached the server and created it, none was refused as a duplicate.
    expect(createsOf(proxy, feedsPage)).toEqual([201]);
    expect(proxy.hungCount('POST', '/api/bookmarks')).toBe(1);
    await expect.poll(() => ext.badge(a.tabId)).toBe('✓');
  } finally {
    await proxy.close();
  }
});

test('the one-click popup shows a save the server takes and never answers as waiting, not a spinner', async ({
  ext,
}) => {
  const proxy = await startFaultProxy(ext.server.url);
  try {
    const account = await ext.signUp();
    // The default: a click on the toolbar icon saves at once. A deadline beyond the test's steps:
    // the stalled request must still be open while the popup is looked at.
    await ext.worker.evaluate(
      (serverUrl) =>
        chrome.storage.local.set({
          settings: { serverUrl, defaultCategory: null, askFirst: false },
          requestTimeoutMs: 120_000,
        }),
      proxy.url,
    );
    await ext.signInExtension(account);
    const { tabId } = await ext.openTab(feedsPage);

    proxy.hang();
    const popup = await ext.openPopup(tabId);
    const kept = popup.getByRole('region', { name: 'Saved for later' });
    await expect(kept).toContainText(pageTexts.waitingTitle('Feeds test page', 'Uncategorized'));
    await expect(kept.getByRole('status')).toHaveText(extensionMessages.queued);
    await expect(popup.getByRole('progressbar')).toHaveCount(0);
    expect(proxy.stillHung('POST', '/api/bookmarks')).toBe(1);
    expect(await waiting(ext)).toMatchObject([{ link: feedsPage, attempts: 0 }]);
    await expect.poll(() => ext.badge(tabId)).toBe('…');

    // The server answers again and the stalled connection drops: the popup opened again sends the
    // save, which reaches the server once, and shows the page saved.
    proxy.pass();
    proxy.dropHung();
    await expect.poll(() => sendEnded(ext)).toBe(true);
    const again = await ext.openPopup(tabId);
    await expect(again.getByRole('region', { name: 'Saved' }).getByRole('status')).toHaveText(
      extensionMessages.alreadySavedIn('Uncategorized'),
    );
    expect(createsOf(proxy, feedsPage)).toEqual([201]);
    await expect.poll(() => ext.badge(tabId)).toBe('✓');
  } finally {
    await proxy.close();
  }
});

test("the saved tick follows the popup's finding at once, and a tab switch after a delete elsewhere", async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  await configure(ext, ext.server.url);
  await ext.createBookmark({ link: feedsPage, title: 'Feeds test page', category: 'Work' });
  await ext.signInExtension(account);
  const { page, tabId } = await ext.openTab(feedsPage);
  await expect.poll(() => ext.badge(tabId)).toBe('✓');

  // Deleted in the web app: the extension is not told.
  await deleteAll(ext);
  const popup = await ext.openPopup(tabId);
  await expect(popup.getByRole('form', { name: 'Add Link' })).toBeVisible();
  await expect.poll(() => ext.badge(tabId)).toBe('');
  await popup.close();

  // Saved again in the web app: switching to the tab checks it again.
  await ext.createBookmark({ link: feedsPage, title: 'Feeds test page', category: 'Work' });
  const other = await context.newPage();
  await other.goto(wikiPage);
  await page.bringToFront();
  await expect.poll(() => ext.badge(tabId)).toBe('✓');

  // Deleted in the web app once more, with no popup this time: switching away and back untick it.
  await deleteAll(ext);
  await other.bringToFront();
  await page.bringToFront();
  await expect.poll(() => ext.badge(tabId)).toBe('');
});

/**
 * The remembered saved states as if they had been checked `ms` ago: the extension trusts one for a
 * page load only pageLoadRecheckMs (30 s), which a test does not wait out.
 */
const ageRemembered = (ext: ExtensionHelpers, ms: number) =>
  ext.worker.evaluate(async (by) => {
    const { savedUrls } = await chrome.storage.session.get('savedUrls');
    const aged = Object.fromEntries(
      Object.entries(savedUrls as Record<string, { checkedAt: number }>).map(([k, v]) => [
        k,
        { ...v, checkedAt: v.checkedAt - by },
      ]),
    );
    await chrome.storage.session.set({ savedUrls: aged });
  }, ms);

/** What the extension remembers about an address: saved or not. */
const rememberedSaved = (ext: ExtensionHelpers, link: string) =>
  ext.worker.evaluate(async (key) => {
    const { savedUrls } = await chrome.storage.session.get('savedUrls');
    return (savedUrls as Record<string, { saved: boolean }> | undefined)?.[key]?.saved ?? null;
  }, normaliseLink(link));

test('a page whose bookmark was deleted in the web app shows unsaved when it is loaded again', async ({ ext }) => {
  const account = await ext.signUp();
  await configure(ext, ext.server.url);
  await ext.createBookmark({ link: feedsPage, title: 'Feeds test page', category: 'Work' });
  await ext.signInExtension(account);
  const { page, tabId } = await ext.openTab(feedsPage);
  await expect.poll(() => ext.badge(tabId)).toBe('✓');
  expect(await rememberedSaved(ext, feedsPage)).toBe(true);

  // Deleted in the web app a while later; the user goes back to the page in the same tab.
  await deleteAll(ext);
  await ageRemembered(ext, 31_000);
  await page.goto(wikiPage);
  await page.goBack();
  expect(page.url()).toBe(feedsPage);
  // The page load asked the server again: not saved, and the tick is gone.
  await expect.poll(() => rememberedSaved(ext, feedsPage)).toBe(false);
  await expect.poll(() => ext.badge(tabId)).toBe('');
});

test('one notification for one save when retries overlap', async ({ ext }) => {
  const account = await ext.signUp();
  await configure(ext, ext.server.url);
  await ext.signInExtension(account);
  const { tabId } = await ext.openTab(feedsPage);

  await ext.server.stop();
  try {
    expect(await menuSave(ext, tabId, feedsPage)).toMatchObject({ kind: 'queued', message: extensionMessages.queued });
  } finally {
    await ext.server.start();
  }
  // The alarm, a tab switch and the popup at once: one round of sending, told once.
  await ext.worker.evaluate(() => {
    const bg = (globalThis as unknown as { linkhive: Background }).linkhive;
    return Promise.all([bg.retry(), bg.retry(), bg.retry()]);
  });
  expect(await linksSaved(ext, feedsPage)).toBe(1);

  // Every notification shown, in order (the test build writes them down): 'Saved for later', then
  // one 'Bookmarked' in its place, whatever the three retries did.
  const shown = await ext.worker.evaluate(() => (globalThis as unknown as { linkhive: Background }).linkhive.shown);
  expect(shown.map((n) => n.title)).toEqual(['Saved for later', m.bookmarkedTitle]);
  expect(shown[1]).toEqual({
    id: shown[0]!.id,
    title: m.bookmarkedTitle,
    message: m.bookmarked('Feeds test page', 'Uncategorized'),
  });
  // What remains on screen: that one notification, replaced in place.
  const remaining = await ext.worker.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
  expect(remaining).toEqual([shown[1]!.id]);
});

test("another account's popup does not list Ann's waiting saves, and does not send them", async ({ ext }) => {
  const ann = await ext.signUp('Ann');
  await configure(ext, ext.server.url);
  await ext.signInExtension(ann);
  const { tabId } = await ext.openTab(feedsPage);
  // While the server is down: Ann's save waits, her popup lists it, and she signs out (offline too).
  await ext.server.stop();
  try {
    expect(await menuSave(ext, tabId, feedsPage)).toMatchObject({ kind: 'queued' });
    const annPopup = await ext.openPopup(tabId);
    await expect(annPopup.getByRole('region', { name: 'Pending saves' })).toContainText('Feeds test page');
    await annPopup.close();
    await ext.worker.evaluate(() => (globalThis as unknown as { linkhive: Background }).linkhive.api.signOut());
  } finally {
    await ext.server.start();
  }

  const bob = await ext.signUp('Bob'); // the browser's cookie is Bob's from here on
  await ext.signInExtension(bob);
  const bobPopup = await ext.openPopup(tabId);
  await expect(bobPopup.getByRole('form', { name: 'Add Link' })).toBeVisible();
  await expect(bobPopup.getByRole('region', { name: 'Pending saves' })).toHaveCount(0);
  await expect(bobPopup.getByText('Feeds test page (Uncategorized)')).toHaveCount(0);
  await expect(bobPopup.getByRole('button', { name: 'Send now' })).toHaveCount(0);
  // Still Ann's, still waiting: not sent under Bob's account.
  expect(await waiting(ext)).toMatchObject([{ link: feedsPage }]);
  expect((await ext.bookmarks()).items).toEqual([]);
});

test('the side panel shows a save from the context menu, the popup and the shortcut without a reload', async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  await configure(ext, ext.server.url);
  await ext.createBookmark({ link: 'https://alpha.example.com/', title: 'Alpha docs', category: 'Work' });
  await ext.signInExtension(account);
  const panel = await context.newPage();
  await panel.goto(ext.url('sidepanel.html'));
  const list = panel.getByRole('list', { name: 'Bookmarks' });
  await expect(list.getByRole('link')).toHaveText(['Alpha docs']);

  const wiki = await ext.openTab(wikiPage);
  expect(await menuSave(ext, wiki.tabId, wikiPage)).toMatchObject({ kind: 'saved' });
  await expect(list.getByRole('link')).toHaveText(['Miniflux — Wikipédia', 'Alpha docs']);

  const feeds = await ext.openTab(feedsPage);
  const popup = await ext.openPopup(feeds.tabId);
  await popup.getByRole('form', { name: 'Add Link' }).getByRole('button', { name: 'Save' }).click();
  await expect(
    popup.getByRole('status').filter({ hasText: m.bookmarked('Feeds test page', 'Uncategorized') }),
  ).toBeVisible();
  await expect(list.getByRole('link')).toHaveText(['Feeds test page', 'Miniflux — Wikipédia', 'Alpha docs']);

  // The save shortcut on the tab the user is on. Automation cannot press a browser's shortcut: its
  // command goes to the worker's handler as Chrome hands it over.
  const discovery = await ext.openTab(discoveryPage);
  await discovery.page.bringToFront();
  const byShortcut = await ext.worker.evaluate(() =>
    (globalThis as unknown as { linkhive: Background }).linkhive.onCommand('save-page'),
  );
  expect(byShortcut).toMatchObject({ kind: 'saved', bookmark: { link: discoveryPage } });
  await expect(list.getByRole('link')).toHaveText([
    'Test for feed discovery',
    'Feeds test page',
    'Miniflux — Wikipédia',
    'Alpha docs',
  ]);
});

/** Deletes the web user's bookmarks over the API, as the web app does (with its cookie). */
async function deleteAll(ext: ExtensionHelpers) {
  const { items } = (await ext.bookmarks()) as { items: { id?: string }[] };
  for (const b of items) {
    const res = await ext.context.request.delete(`${ext.server.url}/api/bookmarks/${b.id}`, {
      headers: { origin: ext.server.url },
    });
    expect(res.status()).toBe(200);
  }
}
