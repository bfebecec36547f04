import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { bookmarkMessages as m, extensionMessages, extensionPagePath } from '../shared/src/domain/index.js';
import { freePort } from '../server/src/testing/free-port.js';
import { fixtureUrl } from './testing/accounts.js';
import { baseChromiumArgs, chromiumPath } from './testing/chromium.js';
import { expect, storeExtensionDir, test, type ExtensionHelpers, type Linkhive } from './testing/extension.js';
import { runAxe } from './testing/axe.js';

// The popup's one-click save, the options page's server check and the features beyond the peers
// (save all tabs, address-bar search, the popup's shortcut), in the built extension against a real
// server (test/testing/extension.ts). Issue 25.

// The extension API inside evaluate callbacks, which run in Chromium.
declare const chrome: any;

const feedsPage = fixtureUrl('/pages/firefox-feeds-test-page-rss-relative.html');
const wikiPage = fixtureUrl('/pages/wikipedia-fr-article-atom-alternate.html');

/** Every axe finding, of any impact, once MUI's fades have ended (a half-faded notice is no finding). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const violations = await runAxe(page);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function signedIn(ext: ExtensionHelpers) {
  const account = await ext.signUp();
  await ext.signInExtension(account);
  return account;
}

const setAskFirst = (ext: ExtensionHelpers, askFirst: boolean) =>
  ext.worker.evaluate(
    ([serverUrl, askFirst]) => chrome.storage.local.set({ settings: { serverUrl, defaultCategory: null, askFirst } }),
    [ext.server.url, askFirst] as const,
  );

test('one click: opening the popup saves the page at once to the last-used category, to change in place', async ({
  ext,
}) => {
  await signedIn(ext);
  await ext.createBookmark({ link: 'https://older.example.com/', title: 'Older', category: 'Reading' });
  // The last category this browser saved to.
  await ext.worker.evaluate(() => chrome.storage.local.set({ recentCategories: ['Reading'] }));
  const { tabId } = await ext.openTab(feedsPage);

  const popup = await ext.openPopup(tabId);
  const saved = popup.getByRole('region', { name: 'Saved' });
  await expect(saved.getByRole('status')).toHaveText(m.bookmarked('Feeds test page', 'Reading'));
  expect((await ext.bookmarks('&category=Reading')).items.map((b) => b.link)).toContain(feedsPage);
  await expect.poll(() => ext.badge(tabId)).toBe('✓');

  // Title, category and favourite in place; focus starts in the title and Enter saves the change.
  const form = saved.getByRole('form', { name: 'Saved bookmark' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Favourite').check();
  await form.getByRole('button', { name: 'New category' }).click();
  await form.getByLabel('Custom category').fill('later');
  await form.getByLabel('Title').fill('Feeds, kept');
  await form.getByLabel('Title').press('Enter');
  await expect(saved.getByRole('status')).toHaveText(m.linkUpdated);
  const stored = (await ext.bookmarks()).items.find((b) => b.link === feedsPage) as unknown as Record<string, unknown>;
  expect(stored).toMatchObject({ title: 'Feeds, kept', category: 'Later', favourite: true });
  expect(await axeFindings(popup)).toEqual([]);
});

test('Undo deletes the bookmark the click has just made, and offers the form to save it again', async ({ ext }) => {
  await signedIn(ext);
  const { tabId } = await ext.openTab(wikiPage);
  const popup = await ext.openPopup(tabId);
  const saved = popup.getByRole('region', { name: 'Saved' });
  await expect(saved.getByRole('status')).toHaveText(m.bookmarked('Miniflux — Wikipédia', 'Uncategorized'));
  expect((await ext.bookmarks()).items).toHaveLength(1);

  await saved.getByRole('button', { name: 'Undo' }).click();
  await expect(popup.getByRole('status')).toHaveText(
    'Undone: this page is not in your bookmarks. Save it again below if you like.',
  );
  expect((await ext.bookmarks()).items).toEqual([]);
  await expect.poll(() => ext.badge(tabId)).toBe('');
  await expect(popup.getByRole('form', { name: 'Add Link' }).getByLabel('Title')).toHaveValue('Miniflux — Wikipédia');
});

test('a page saved before shows where it is, and opening the popup again never saves it twice', async ({ ext }) => {
  await signedIn(ext);
  await ext.createBookmark({ link: feedsPage, title: 'Feeds from the web app', category: 'Work' });
  const { tabId } = await ext.openTab(feedsPage);
  for (let i = 0; i < 2; i++) {
    const popup = await ext.openPopup(tabId);
    await expect(popup.getByRole('region', { name: 'Saved' })).toContainText(extensionMessages.alreadySavedIn('Work'));
    await expect(popup.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await popup.close();
  }
  expect((await ext.bookmarks()).items).toMatchObject([{ title: 'Feeds from the web app', category: 'Work' }]);
});

test('"Ask before saving" in the options brings the form back: focus in the title, Enter saves, no snackbar', async ({
  ext,
  context,
}) => {
  await signedIn(ext);
  const options = await context.newPage();
  await options.goto(ext.url('options.html'));
  await options.getByRole('region', { name: 'Saving' }).getByLabel('Ask before saving').check();
  await expect
    .poll(() => ext.worker.evaluate(() => chrome.storage.local.get('settings')))
    .toMatchObject({
      settings: { askFirst: true },
    });

  const { tabId } = await ext.openTab(feedsPage);
  const popup = await ext.openPopup(tabId);
  const form = popup.getByRole('form', { name: 'Add Link' });
  await expect(form.getByLabel('Title')).toBeFocused();
  // Nothing is saved before the user says so.
  expect((await ext.bookmarks()).items).toEqual([]);
  expect(await axeFindings(popup)).toEqual([]);
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('region', { name: 'Saved' }).getByRole('status')).toHaveText(
    m.bookmarked('Feeds test page', 'Uncategorized'),
  );
  // Said once, inline: no snackbar repeating it over the popup's buttons.
  await expect(popup.getByTestId('notification')).toHaveCount(0);
  expect((await ext.bookmarks()).items).toMatchObject([{ link: feedsPage, category: 'Uncategorized' }]);
});

test('a page whose save waits for the server shows as waiting, not as an empty form', async ({ ext, worker }) => {
  await signedIn(ext);
  const { tabId } = await ext.openTab(feedsPage);
  await ext.server.stop();
  try {
    // Saved from the page's context menu while the server is down: it goes to the waiting list.
    const outcome = await worker.evaluate(
      ({ tabId, feedsPage }) =>
        chrome.tabs
          .get(tabId)
          .then((tab: { id: number; windowId: number; url: string; title: string }) =>
            (globalThis as unknown as { linkhive: Linkhive }).linkhive.onMenuClick(
              { menuItemId: 'linkhive-save-page', pageUrl: feedsPage },
              { id: tab.id, windowId: tab.windowId, url: tab.url, title: tab.title },
            ),
          ),
      { tabId, feedsPage },
    );
    expect(outcome).toMatchObject({ kind: 'queued' });

    const popup = await ext.openPopup(tabId);
    const waiting = popup.getByRole('region', { name: 'Saved for later' });
    await expect(waiting).toContainText(extensionMessages.queued);
    await expect(waiting).toContainText('Waiting to be sent: Feeds test page (Uncategorized)');
    await expect(popup.getByRole('form', { name: 'Add Link' })).toHaveCount(0);
    expect(await axeFindings(popup)).toEqual([]);
  } finally {
    await ext.server.start();
  }
  // Once the server answers, the waiting save goes out once, and the popup says where it is.
  const popup = await ext.openPopup(tabId);
  await expect(popup.getByText(extensionMessages.alreadySavedIn('Uncategorized'))).toBeVisible();
  expect((await ext.bookmarks()).items).toMatchObject([{ link: feedsPage }]);
});

test.describe('the server check in the options', () => {
  async function check(options: Page, address: string) {
    const server = options.getByRole('form', { name: 'Server address' });
    await server.getByLabel('Server address').fill(address);
    await server.getByRole('button', { name: 'Save and check' }).click();
    return server;
  }

  test('says an address that answers is not a Linkhive server, one that does not answer cannot be reached, then Connected', async ({
    ext,
    context,
  }) => {
    const options = await context.newPage();
    await options.goto(ext.url('options.html'));

    // The fixture server answers, with a 404 page: a web server, not Linkhive.
    const other = fixtureUrl('');
    const server = await check(options, other);
    await expect(server.getByRole('alert')).toHaveText(
      `${other} answers, but it is not a Linkhive server. Check the address.`,
    );

    const closed = `http://localhost:${await freePort()}`;
    await check(options, closed);
    await expect(server.getByRole('alert')).toHaveText(
      `${closed} cannot be reached. Check the address and that the server is running.`,
    );

    await check(options, ext.server.url);
    await expect(server.getByRole('status')).toHaveText(`Connected to ${ext.server.url}`);
    await expect(server.getByRole('alert')).toHaveCount(0);
    // Kept: the section did not redraw and forget it.
    expect(await ext.worker.evaluate(() => chrome.storage.local.get('settings'))).toMatchObject({
      settings: { serverUrl: ext.server.url },
    });
  });
});

test('"please update" links to the extension store', async ({ ext, context }) => {
  // A server that refuses this version of the extension, as ours does with 426.
  const port = await freePort();
  const outdated = http.createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'extension_outdated', message: extensionMessages.outdated } }));
  });
  await new Promise<void>((resolve) => outdated.listen(port, '127.0.0.1', resolve));
  try {
    const serverUrl = `http://localhost:${port}`;
    await ext.worker.evaluate(
      (serverUrl) =>
        chrome.storage.local.set({
          settings: { serverUrl, defaultCategory: null },
          auth: {
            session: { token: 'token', userId: 'u1', email: 'ann@example.com', firstName: 'Ann', serverUrl },
            problem: null,
          },
        }),
      serverUrl,
    );
    const { tabId } = await ext.openTab(feedsPage);
    const popup = await ext.openPopup(tabId);
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText(extensionMessages.outdated);
    // The server's own page, which names its store listing or serves the newer zip.
    await expect(alert.getByRole('link', { name: 'Update the extension' })).toHaveAttribute(
      'href',
      `${serverUrl}${extensionPagePath}`,
    );

    // The options say it on opening (the popup's answer was the last word), with the same link.
    const options = await context.newPage();
    await options.goto(ext.url('options.html'));
    const server = options.getByRole('form', { name: 'Server address' });
    await expect(server.getByRole('alert')).toContainText(extensionMessages.outdated);
    await expect(server.getByRole('link', { name: 'Update the extension' })).toHaveAttribute(
      'href',
      `${serverUrl}${extensionPagePath}`,
    );
    await server.getByRole('button', { name: 'Save and check' }).click();
    await expect(server.getByRole('alert')).toContainText(extensionMessages.outdated);
    await expect(server.getByRole('link', { name: 'Update the extension' })).toHaveAttribute(
      'href',
      `${serverUrl}${extensionPagePath}`,
    );
  } finally {
    await new Promise((resolve) => outdated.close(resolve));
  }
});

test('the store build has no test hook on the worker, and the options say how to point a build at a server', async ({
  ext,
  context,
}) => {
  const options = await context.newPage();
  await options.goto(ext.url('options.html'));
  await expect(options.getByRole('region', { name: 'Server' })).toContainText(
    'If you installed Linkhive from the Chrome Web Store or Edge Add-ons, enter your own server',
  );
  await expect(options.getByRole('region', { name: 'Server' })).toContainText(
    'LINKHIVE_SERVER_URL=https://links.example.com npm run build',
  );

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-store-profile-'));
  const store = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [
      `--disable-extensions-except=${storeExtensionDir}`,
      `--load-extension=${storeExtensionDir}`,
      ...baseChromiumArgs,
    ],
  });
  try {
    const worker = store.serviceWorkers()[0] ?? (await store.waitForEvent('serviceworker'));
    // The worker is up and running the extension's code (its menu and settings), yet exposes nothing.
    expect(await worker.evaluate(() => typeof chrome.runtime.getManifest().omnibox)).toBe('object');
    expect(await worker.evaluate(() => typeof (globalThis as { linkhive?: unknown }).linkhive)).toBe('undefined');
  } finally {
    await store.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('opens the web app from the popup, the side panel and the options once signed in', async ({ ext, context }) => {
  await signedIn(ext);
  await setAskFirst(ext, true);
  const { tabId } = await ext.openTab(feedsPage);
  const popup = await ext.openPopup(tabId);
  await expect(popup.getByRole('link', { name: 'Open Linkhive' })).toHaveAttribute(
    'href',
    `${ext.server.url}/categories`,
  );
  const opened = context.waitForEvent('page');
  await popup.getByRole('link', { name: 'Open Linkhive' }).click();
  const web = await opened;
  await expect(web).toHaveURL(new RegExp(`^${ext.server.url}/`));

  const panel = await context.newPage();
  await panel.goto(ext.url('sidepanel.html'));
  await expect(panel.getByRole('link', { name: 'Open Linkhive' })).toHaveAttribute(
    'href',
    `${ext.server.url}/categories`,
  );
  const options = await context.newPage();
  await options.goto(ext.url('options.html'));
  await expect(
    options.getByRole('region', { name: 'Account' }).getByRole('link', { name: 'Open Linkhive' }),
  ).toHaveAttribute('href', `${ext.server.url}/categories`);
});

test('saves all tabs of the window into one category: duplicates skipped, one summary notification', async ({
  ext,
  worker,
}) => {
  await signedIn(ext);
  await ext.createBookmark({ link: `${feedsPage}?n=saved`, title: 'Saved before', category: 'Old' });
  await setAskFirst(ext, true);
  const links = [`${feedsPage}?n=1`, `${feedsPage}?n=2`, wikiPage, `${feedsPage}?n=1`, `${feedsPage}?n=saved`];
  // A window of its own with exactly these tabs; the popup is opened for its first.
  const tabId: number = await worker.evaluate(async (url) => {
    const win = await chrome.windows.create({ url, focused: false });
    const tabs = await chrome.tabs.query({ windowId: win.id });
    return tabs[0].id;
  }, links);
  await expect
    .poll(() =>
      worker.evaluate(
        (id) =>
          chrome.tabs
            .get(id)
            .then((t: { windowId: number }) => chrome.tabs.query({ windowId: t.windowId, status: 'complete' }))
            .then((tabs: unknown[]) => tabs.length),
        tabId,
      ),
    )
    .toBe(links.length);

  const popup = await ext.openPopup(tabId);
  await popup.getByRole('button', { name: 'Save all tabs' }).click();
  const form = popup.getByRole('form', { name: 'Save all tabs' });
  await form.getByLabel('Save all tabs of this window to').click();
  await popup.getByRole('option', { name: 'Uncategorized' }).click();
  await form.getByRole('button', { name: 'Save all tabs' }).click();
  await expect(form.getByRole('status')).toHaveText('3 tabs saved to Uncategorized. 2 were saved already.');

  const items = (await ext.bookmarks()).items;
  expect(
    items
      .filter((b) => b.category === 'Uncategorized')
      .map((b) => b.link)
      .sort(),
  ).toEqual([`${feedsPage}?n=1`, `${feedsPage}?n=2`, wikiPage].sort());
  expect(items).toHaveLength(4);
  const notes: Record<string, boolean> = await worker.evaluate(() => chrome.notifications.getAll());
  expect(Object.keys(notes).filter((id) => id.startsWith('linkhive-'))).toHaveLength(1);
});

test('address-bar search: lh then a query suggests the user’s bookmarks, Enter opens', async ({
  ext,
  worker,
  context,
}) => {
  await signedIn(ext);
  await ext.createBookmark({ link: wikiPage, title: 'Miniflux & friends', category: 'Reading' });
  await ext.createBookmark({ link: feedsPage, title: 'Feeds test page', category: 'Work' });
  expect(await worker.evaluate(() => chrome.runtime.getManifest().omnibox)).toEqual({ keyword: 'lh' });

  // Automation cannot type in the address bar: the worker's omnibox handlers are called as Chrome would.
  type Omnibox = { suggest(text: string): Promise<unknown>; enter(text: string, where: string): Promise<unknown> };
  const suggestions = await worker.evaluate(() =>
    (globalThis as unknown as { linkhive: { omnibox: Omnibox } }).linkhive.omnibox.suggest('miniflux'),
  );
  expect(suggestions).toEqual([
    { content: wikiPage, description: `Miniflux &amp; friends <dim>Reading</dim> <url>${wikiPage}</url>` },
  ]);

  const opened = context.waitForEvent('page');
  await worker.evaluate(
    (link) =>
      (globalThis as unknown as { linkhive: { omnibox: Omnibox } }).linkhive.omnibox.enter(link, 'newForegroundTab'),
    wikiPage,
  );
  await expect(await opened).toHaveURL(wikiPage);

  // Typed text that is no suggestion searches in the web app.
  const search = context.waitForEvent('page');
  await worker.evaluate(() =>
    (globalThis as unknown as { linkhive: { omnibox: Omnibox } }).linkhive.omnibox.enter('feeds', 'newForegroundTab'),
  );
  await expect(await search).toHaveURL(`${ext.server.url}/search?q=feeds`);
});

test('a shortcut opens the popup, beside the one that saves at once', async ({ worker }) => {
  const commands: { name: string; shortcut: string }[] = await worker.evaluate(() => chrome.commands.getAll());
  expect(commands.map((c) => [c.name, c.shortcut]).sort()).toEqual([
    ['_execute_action', 'Alt+Shift+L'],
    ['save-page', 'Alt+Shift+S'],
  ]);
});
