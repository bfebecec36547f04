import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  authMessages,
  bookmarkMessages as m,
  copyMessages,
  extensionMessages,
  groupMessages,
  importMessages,
} from '../shared/src/domain/index.js';
import { fixtureUrl } from './testing/accounts.js';
import { runAxe } from './testing/axe.js';
import { expect, test, type Linkhive } from './testing/extension.js';

// The built Chrome extension in Chromium against a server of its own (test/testing/extension.ts).

// The extension API inside evaluate callbacks, which run in Chromium.
declare const chrome: any;

const feedsPage = fixtureUrl('/pages/firefox-feeds-test-page-rss-relative.html');
const wikiPage = fixtureUrl('/pages/wikipedia-fr-article-atom-alternate.html');

test('signs in from the popup, saves the page with one click, shows it in the web app and as saved after', async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  const { tabId } = await ext.openTab(feedsPage);
  const popup = await ext.openPopup(tabId);

  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Password').fill('Wrong-passw0rd');
  await popup.getByRole('button', { name: 'Login' }).click();
  await expect(popup.getByText(authMessages.invalidCredentials)).toBeVisible();
  await popup.getByLabel('Password').fill(account.password);
  await popup.getByRole('button', { name: 'Login' }).click();

  // Signed in, the popup saves the page at once (one click) and shows it to change in place.
  const saved = popup.getByRole('region', { name: 'Saved' });
  await expect(saved.getByRole('status')).toHaveText(m.bookmarked('Feeds test page', 'Uncategorized'));
  const form = saved.getByRole('form', { name: 'Saved bookmark' });
  await form.getByRole('button', { name: 'New category' }).click();
  await form.getByLabel('Custom category').fill('reading list');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(saved.getByRole('status')).toHaveText(m.linkUpdated);
  await expect.poll(() => ext.badge(tabId)).toBe('✓');

  const web = await context.newPage();
  await web.goto(`${ext.server.url}/categories`);
  const card = web.getByRole('region', { name: 'Reading list' });
  await expect(card.getByRole('link', { name: 'Feeds test page' })).toBeVisible();
  // The drawer shows the extension link only in Chrome or Edge: Chromium gets it.
  await web.getByRole('button', { name: 'Open menu' }).click();
  const store = web.getByRole('link', { name: 'Get the Chrome extension' });
  await expect(store).toBeVisible();
  // This server's own page, not a store search for a build the store does not have (issue 26).
  await expect(store).toHaveAttribute('href', '/extension');
  await store.click();
  await expect(web).toHaveURL(`${ext.server.url}/extension`);
  await expect(web.getByRole('heading', { level: 1, name: 'Get the browser extension' })).toBeVisible();

  // The popup again on the same page: it says where the page is saved and offers Edit instead.
  const again = await ext.openPopup(tabId);
  await expect(again.getByText(extensionMessages.alreadySavedIn('Reading list'))).toBeVisible();
  await expect(again.getByRole('form', { name: 'Add Link' })).toHaveCount(0);
  await again.getByRole('button', { name: 'Edit' }).click();
  const edit = again.getByRole('dialog', { name: 'Edit Bookmark' });
  await edit.getByLabel('Title').fill('Feeds, renamed');
  await edit.getByRole('button', { name: 'Save' }).click();
  // Said inline; no snackbar over the popup's buttons.
  await expect(again.getByRole('region', { name: 'Saved' }).getByRole('status')).toHaveText(m.linkUpdated);
  await expect(again.getByTestId('notification')).toHaveCount(0);
  expect((await ext.bookmarks()).items).toMatchObject([{ title: 'Feeds, renamed', category: 'Reading list' }]);
});

test("saves a link from the context menu under the link's text", async ({ ext, worker }) => {
  const account = await ext.signUp();
  await ext.signInExtension(account);
  const { tabId } = await ext.openTab(wikiPage);
  const target = fixtureUrl('/wiki/Internet');

  // A context menu cannot be clicked by automation: the click's handler is called as Chrome would.
  const outcome = await worker.evaluate(
    ({ tabId, target, wikiPage }) =>
      chrome.tabs
        .get(tabId)
        .then((tab: { id: number; windowId: number; url: string; title: string }) =>
          (globalThis as unknown as { linkhive: Linkhive }).linkhive.onMenuClick(
            { menuItemId: 'linkhive-save-link', linkUrl: target, pageUrl: wikiPage, frameId: 0 },
            { id: tab.id, windowId: tab.windowId, url: tab.url, title: tab.title },
          ),
        ),
    { tabId, target, wikiPage },
  );
  expect(outcome).toMatchObject({ kind: 'saved', bookmark: { title: 'Internet', link: target } });
  expect((await ext.bookmarks()).items).toMatchObject([{ title: 'Internet', link: target, category: 'Uncategorized' }]);

  // The same link again is an answer, not an error.
  const twice = await worker.evaluate(
    ({ target, wikiPage }) =>
      (globalThis as unknown as { linkhive: Linkhive }).linkhive.onMenuClick(
        { menuItemId: 'linkhive-save-link', linkUrl: target, pageUrl: wikiPage },
        null,
      ),
    { target, wikiPage },
  );
  expect(twice).toMatchObject({ kind: 'duplicate', message: m.duplicateLink });
});

test('keeps a save made while the server is down and sends it when the server is back', async ({ ext }) => {
  const account = await ext.signUp();
  await ext.signInExtension(account);
  const { tabId } = await ext.openTab(feedsPage);

  await ext.server.stop();
  try {
    // The popup's one-click save cannot reach the server: it waits in the list.
    const popup = await ext.openPopup(tabId);
    await expect(popup.getByRole('region', { name: 'Saved for later' })).toContainText(extensionMessages.queued);
    const pending = popup.getByRole('region', { name: 'Pending saves' });
    await expect(pending).toContainText(extensionMessages.pendingSaves(1));
    await expect(pending).toContainText('Feeds test page (Uncategorized)');
    await expect.poll(() => ext.badge(tabId)).toBe('…');
  } finally {
    await ext.server.start();
  }

  // Opening the popup again is the next event: the waiting save goes out.
  const popup = await ext.openPopup(tabId);
  await expect(popup.getByText(extensionMessages.alreadySavedIn('Uncategorized'))).toBeVisible();
  await expect(popup.getByRole('region', { name: 'Pending saves' })).toHaveCount(0);
  expect((await ext.bookmarks()).items).toMatchObject([{ title: 'Feeds test page', link: feedsPage }]);
  await expect.poll(() => ext.badge(tabId)).toBe('✓');
});

test('lists, searches, filters, edits, favourites and deletes in the side panel', async ({ ext, context }) => {
  const account = await ext.signUp();
  await ext.createBookmark({ link: 'https://alpha.example.com/', title: 'Alpha docs', category: 'Work' });
  await ext.createBookmark({ link: 'https://beta.example.com/', title: 'Beta blog', category: 'Reading' });
  await ext.createBookmark({ link: 'https://gamma.example.com/', title: 'Gamma news', category: 'Reading' });
  await ext.signInExtension(account);

  const panel = await context.newPage();
  await panel.goto(ext.url('sidepanel.html'));
  const list = panel.getByRole('list', { name: 'Bookmarks' });
  await expect(list.getByRole('link')).toHaveText(['Gamma news', 'Beta blog', 'Alpha docs']);

  await panel.getByLabel('Search').fill('beta');
  await expect(list.getByRole('link')).toHaveText(['Beta blog']);
  await panel.getByLabel('Search').fill('');
  await panel.getByLabel('Filter by category').selectOption('Work');
  await expect(list.getByRole('link')).toHaveText(['Alpha docs']);
  await panel.getByLabel('Filter by category').selectOption('');

  const gamma = list.getByRole('listitem').filter({ hasText: 'Gamma news' });
  await gamma.getByRole('button', { name: 'Edit Bookmark' }).click();
  const edit = panel.getByRole('dialog', { name: 'Edit Bookmark' });
  await edit.getByLabel('Title').fill('Gamma weekly');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByTestId('notification')).toContainText(m.linkUpdated);
  await expect(list.getByRole('link', { name: 'Gamma weekly' })).toBeVisible();

  await list
    .getByRole('listitem')
    .filter({ hasText: 'Beta blog' })
    .getByRole('button', { name: 'Add to Favorites' })
    .click();
  await expect(panel.getByTestId('notification')).toContainText(m.favouriteSaved);
  await panel.getByLabel('Favourites only').check();
  await expect(list.getByRole('link')).toHaveText(['Beta blog']);
  await panel.getByLabel('Favourites only').uncheck();

  await list
    .getByRole('listitem')
    .filter({ hasText: 'Alpha docs' })
    .getByRole('button', { name: 'Delete Bookmark' })
    .click();
  await panel.getByRole('dialog', { name: 'Delete bookmark?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByTestId('notification')).toContainText(m.linkDeleted);
  await expect(list.getByRole('link')).toHaveText(['Gamma weekly', 'Beta blog']);
  expect((await ext.bookmarks()).items.map((b) => b.title).sort()).toEqual(['Beta blog', 'Gamma weekly']);
});

test('imports a bookmarks tree made with the bookmarks API: duplicates merged, said once, and a re-run that adds nothing says so', async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  await ext.createBookmark({ link: 'https://existing.example.com/', title: 'Already here', category: 'Old' });
  await ext.signInExtension(account);

  const options = await context.newPage();
  await options.goto(ext.url('options.html'));
  await options.evaluate(async () => {
    const bar = '1'; // the bookmarks bar
    const work = await chrome.bookmarks.create({ parentId: bar, title: 'Work' });
    await chrome.bookmarks.create({ parentId: work.id, title: 'Tracker', url: 'https://tracker.example.com/' });
    await chrome.bookmarks.create({ parentId: work.id, title: 'Existing', url: 'https://existing.example.com/' });
    const docs = await chrome.bookmarks.create({ parentId: work.id, title: 'Docs' });
    await chrome.bookmarks.create({ parentId: docs.id, title: 'API', url: 'https://docs.example.com/api' });
    await chrome.bookmarks.create({ parentId: bar, title: 'Loose', url: 'https://loose.example.com/' });
    await chrome.bookmarks.create({ parentId: bar, title: 'Script', url: 'javascript:void(0)' });
    // The same page again in another folder of the browser's own bookmarks (defect 10).
    await chrome.bookmarks.create({ parentId: bar, title: 'Tracker, pinned', url: 'https://tracker.example.com' });
  });
  await options.reload();

  const section = options.getByRole('region', { name: 'Import from this browser' });
  await expect(section).toContainText(extensionMessages.importFound(5, 2));
  await expect(section).toContainText('1 not on the web will be skipped');
  await section.getByRole('button', { name: 'Import bookmarks' }).click();
  // One notice with the whole outcome: added, skipped, and the browser's duplicate merged.
  const done = section.getByRole('status').filter({ hasText: importMessages.success(3, false) });
  await expect(done).toHaveText(
    [importMessages.success(3, false), importMessages.skippedExisting(1), importMessages.mergedInBrowser(1)].join(' '),
  );
  // Said once: no snackbar repeats it over the page.
  await expect(options.getByTestId('notification')).toHaveCount(0);

  const byTitle = Object.fromEntries((await ext.bookmarks()).items.map((b) => [b.title, b.category]));
  expect(byTitle).toEqual({ 'Already here': 'Old', Tracker: 'Work', API: 'Docs', Loose: 'Uncategorized' });

  // The same import again: nothing new, and it says so instead of a green '0 bookmarks … imported'.
  await section.getByRole('button', { name: 'Import bookmarks' }).click();
  await expect(section.getByRole('status').filter({ hasText: importMessages.nothingNewInBrowser })).toHaveText(
    `${importMessages.nothingNewInBrowser} ${importMessages.mergedInBrowser(1)}`,
  );
  await expect(section).not.toContainText(importMessages.success(0, false));
  expect((await ext.bookmarks()).items).toHaveLength(4);
});

test('tells a user whose session ended to sign in again, in the popup', async ({ ext, context }) => {
  const account = await ext.signUp();
  await ext.signInExtension(account);
  // Sign-out everywhere: the server forgets the extension's token too.
  const tokens = await ext.worker.evaluate(() => chrome.storage.local.get('auth'));
  const res = await context.request.post(`${ext.server.url}/api/auth/logout`, {
    headers: { authorization: `Bearer ${tokens.auth.session.token}` },
  });
  expect(res.status()).toBe(200);

  const { tabId } = await ext.openTab(feedsPage);
  const popup = await ext.openPopup(tabId);
  await expect(popup.getByRole('alert').filter({ hasText: extensionMessages.sessionEnded })).toBeVisible();
  await expect(popup.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('the options page: server address, sign-in, default category for new saves, sign-out', async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  const options = await context.newPage();
  await options.goto(ext.url('options.html'));

  const server = options.getByRole('form', { name: 'Server address' });
  await server.getByLabel('Server address').fill('not an address');
  await server.getByRole('button', { name: 'Save and check' }).click();
  await expect(server.getByText(extensionMessages.serverAddressInvalid)).toBeVisible();
  await server.getByLabel('Server address').fill(`${ext.server.url}/`);
  await server.getByRole('button', { name: 'Save and check' }).click();
  await expect(server.getByRole('status')).toHaveText(`Connected to ${ext.server.url}`);

  const accountSection = options.getByRole('region', { name: 'Account' });
  await accountSection.getByLabel('Email').fill(account.email);
  await accountSection.getByLabel('Password').fill(account.password);
  await accountSection.getByRole('button', { name: 'Login' }).click();
  await expect(accountSection).toContainText(`Signed in as ${account.email}`);

  const saving = options.getByRole('form', { name: 'Default category' });
  await saving.getByRole('button', { name: 'New category' }).click();
  await saving.getByLabel('Custom category').fill('later reading');
  await saving.getByRole('button', { name: 'Save default category' }).click();
  await expect(options.getByTestId('notification')).toContainText('New saves go to Later reading');

  const { tabId } = await ext.openTab(feedsPage);
  const popup = await ext.openPopup(tabId);
  await expect(popup.getByRole('region', { name: 'Saved' }).getByRole('status')).toHaveText(
    m.bookmarked('Feeds test page', 'Later reading'),
  );

  await options.bringToFront();
  await accountSection.getByRole('button', { name: 'Sign out' }).click();
  await expect(accountSection.getByRole('form', { name: 'Login' })).toBeVisible();
  await popup.reload();
  await expect(popup.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('saves the current page into a workspace group the user owns, and lists the group in the side panel', async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  const created = await context.request.post(`${ext.server.url}/api/groups`, {
    data: { name: 'Research' },
    headers: { origin: ext.server.url },
  });
  expect(created.status()).toBe(201);
  const { group } = (await created.json()) as { group: { id: string } };
  await ext.signInExtension(account);
  // Choosing a group is the form's work: the popup asks first instead of saving at once.
  await ext.worker.evaluate(
    (serverUrl) => chrome.storage.local.set({ settings: { serverUrl, defaultCategory: null, askFirst: true } }),
    ext.server.url,
  );

  const { tabId } = await ext.openTab(wikiPage);
  const popup = await ext.openPopup(tabId);
  const form = popup.getByRole('form', { name: 'Add Link' });
  await expect(form.getByLabel('Title')).toHaveValue('Miniflux — Wikipédia');
  await popup.getByLabel('Save to').selectOption({ label: 'Research' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByRole('status').filter({ hasText: groupMessages.linkAdded })).toBeVisible();

  const links = await context.request.get(`${ext.server.url}/api/groups/${group.id}/links`);
  expect((await links.json()).items).toMatchObject([{ link: wikiPage, title: 'Miniflux — Wikipédia' }]);
  // Into the group, not into the user's own bookmarks.
  expect((await ext.bookmarks()).items).toEqual([]);

  // The same page again: the server's refusal, word for word.
  const again = await ext.openPopup(tabId);
  const second = again.getByRole('form', { name: 'Add Link' });
  await again.getByLabel('Save to').selectOption({ label: 'Research' });
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByText(groupMessages.duplicateLink)).toBeVisible();

  const panel = await context.newPage();
  await panel.goto(ext.url('sidepanel.html'));
  await panel.getByRole('tab', { name: 'Workspace' }).click();
  await expect(panel.getByRole('list', { name: 'Links of Research' }).getByText('Miniflux — Wikipédia')).toBeVisible();
});

/**
 * A publisher's real article (test/fixtures/articles/lemonde-1.html) as a site of its own would
 * serve it, with what a narrow column finds hardest put at the top of its body: a picture on this
 * site 1600 px wide (the extension's own icon), a line of code and a table far wider than the panel.
 */
async function serveArticle() {
  const page = fs
    .readFileSync(path.resolve(import.meta.dirname, 'fixtures/articles/lemonde-1.html'), 'utf8')
    .replace(
      '<div id="articleBody" class="contenu_article js_article_body" itemprop="articleBody">',
      (body) =>
        `${body}<figure><img src="/hemicycle.png" alt="L’hémicycle pendant le vote" width="1600" height="900">` +
        '<figcaption>L’Assemblée nationale, le 5 mai 2015.</figcaption></figure>' +
        `<pre><code>${'loi-renseignement-'.repeat(40)}</code></pre>` +
        '<table><caption>Le vote par groupe</caption><thead><tr>' +
        ['Groupe', 'Pour', 'Contre', 'Abstention', 'Non-votants', 'Total', 'Part des voix exprimées en faveur']
          .map((h) => `<th>${h}</th>`)
          .join('') +
        '</tr></thead><tbody><tr>' +
        ['Socialiste, républicain et citoyen', '257', '10', '17', '4', '288', 'quatre-vingt-seize pour cent']
          .map((d) => `<td>${d}</td>`)
          .join('') +
        '</tr></tbody></table>',
    );
  const png = fs.readFileSync(path.resolve(import.meta.dirname, '../extension/public/icon/128.png'));
  const server = http.createServer((req, res) => {
    if (req.url === '/article.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (req.url === '/hemicycle.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // By the name the server may fetch (FETCH_ALLOW_HOSTS=localhost).
  const url = `http://localhost:${(server.address() as AddressInfo).port}/article.html`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('reads a saved article in the side panel, at its width, and Back or Escape returns to the list where it was', async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  const article = await serveArticle();
  try {
    const saved = await context.request.post(`${ext.server.url}/api/bookmarks`, {
      data: { link: article.url, title: 'Loi renseignement', category: 'Lecture' },
      headers: { origin: ext.server.url },
    });
    expect(saved.status()).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    // Newer bookmarks above it, so that the panel scrolls down to reach it. Their pages are refused
    // at once (a loopback address), so the crawler soon comes to the article.
    for (let i = 1; i <= 14; i++)
      await ext.createBookmark({ link: `http://127.0.0.1/filler-${i}`, title: `Filler ${i}`, category: 'Later' });
    // The crawler reads the page after the save has answered.
    await expect
      .poll(async () => (await context.request.get(`${ext.server.url}/api/bookmarks/${id}/copy`)).status(), {
        timeout: 30_000,
      })
      .toBe(200);
    await ext.signInExtension(account);

    const panel = await context.newPage();
    // The side panel's width in a browser window.
    await panel.setViewportSize({ width: 360, height: 640 });
    await panel.goto(ext.url('sidepanel.html'));
    const list = panel.getByRole('list', { name: 'Bookmarks' });
    const row = list.getByRole('listitem').filter({ has: panel.getByRole('link', { name: 'Loi renseignement' }) });
    const reader = row.getByRole('button', { name: copyMessages.readerView });
    await reader.scrollIntoViewIfNeeded();
    const scrolled = await panel.evaluate(() => document.documentElement.scrollTop);
    expect(scrolled).toBeGreaterThan(0);
    await reader.click();

    const title = "Le projet de loi sur le renseignement massivement approuvé à l'Assemblée";
    await expect(panel.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(list).toBeHidden();
    await expect(panel.getByRole('article')).toHaveAttribute('lang', 'fr');
    await expect(
      panel.getByText('Le Monde.fr · Martin Untersinger (avec Damien Leloup et Morgane Tual) ·'),
    ).toBeVisible();
    await expect(panel.getByText(/Laure de la Raudière/).first()).toBeVisible();
    await expect(panel.getByRole('link', { name: copyMessages.openOriginal })).toHaveAttribute('href', article.url);
    await expect(panel.getByRole('button', { name: 'Back' })).toBeFocused();
    // The picture comes through the server's relay, from the server's origin, and shows.
    const picture = panel.getByRole('img', { name: 'L’hémicycle pendant le vote' });
    await expect(picture).toHaveAttribute('src', new RegExp(`^${ext.server.url}/api/feeds/image\\?`));
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(128);
    // Nothing in it widens the panel: the picture fits, the code and the table scroll on their own.
    const table = panel.getByRole('table');
    await expect(table).toBeVisible();
    const scrollsInside = (el: HTMLElement) => el.scrollWidth > el.clientWidth;
    expect(await table.evaluate(scrollsInside)).toBe(true);
    expect(await panel.locator('article pre').evaluate(scrollsInside)).toBe(true);
    expect((await picture.boundingBox())!.width).toBeLessThanOrEqual(360);
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const findings = (await runAxe(panel)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(findings.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Back by the keyboard (Tab reaches it from the article): the list as it was left, scrolled to
    // the row, its button focused.
    await panel.getByRole('link', { name: copyMessages.openOriginal }).focus();
    await panel.keyboard.press('Shift+Tab');
    await expect(panel.getByRole('button', { name: 'Back' })).toBeFocused();
    await panel.keyboard.press('Enter');
    await expect(row).toBeVisible();
    await expect(reader).toBeFocused();
    await expect.poll(() => panel.evaluate(() => document.documentElement.scrollTop)).toBe(scrolled);

    // Escape, from anywhere in the article.
    await panel.keyboard.press('Enter');
    await expect(panel.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await panel.getByRole('heading', { level: 2, name: title }).click();
    await panel.keyboard.press('Escape');
    await expect(reader).toBeFocused();
    await expect(panel.getByRole('article')).toHaveCount(0);
  } finally {
    await article.close();
  }
});
