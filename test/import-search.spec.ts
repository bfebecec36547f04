import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bookmarkMessages, importMessages } from '../shared/src/domain/index.js';
import { signUpViaApi } from './testing/accounts.js';
import { seriousViolations } from './testing/site.js';

// Imported links point at real sites, which this machine cannot reach: each icon the server has
// not cached costs its fetcher some 5 s, and six of them hold all of the browser's connections to
// the app, so the page's own API calls wait behind them. Icons are answered at once here; these
// tests are about import, search and export.
test.beforeEach(async ({ page }) => {
  await page.route('**/api/favicons/**', (route) => route.fulfill({ status: 404, body: '' }));
});

const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures/bookmarks', name);
const notice = (page: Page) => page.getByTestId('notification');

/** Opens a page and waits for its h1: the page's code loads first, which on a busy machine takes more than 5 s. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
}

/** Picks the file the way a user does: the 'Choose file' button opens the browser's file chooser. */
async function chooseFile(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(file);
}

/** Saves links through the JSON import (the extension's way in), faster than one request per link. */
async function seed(page: Page, baseURL: string, items: { title: string; url: string; folder: string[] }[]) {
  const res = await page.request.post('/api/import', {
    data: { items, overwrite: false },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(202);
  // The answer is the job: follow it, as the extension does, until the links are in.
  const { jobId } = await res.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/import/${jobId}`)).json()).status, { timeout: 30_000 })
    .toBe('done');
}

test('a new user is sent to the import page, imports a Chrome export and lands on the categories', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!);
  await open(page, '/favourites', 'Import Bookmarks');
  await expect(page).toHaveURL(/\/import-bookmarks$/);
  await expect(page.getByRole('link', { name: 'How to export your bookmarks' })).toHaveAttribute(
    'href',
    '/export-bookmarks',
  );

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(importMessages.fileRequired);
  expect(await seriousViolations(page)).toEqual([]);

  await chooseFile(page, fixture('chrome-export-nested-icons.html'));
  await expect(page.getByText('chrome-export-nested-icons.html')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(notice(page)).toContainText('18 bookmarks have been imported successfully');
  await expect(page).toHaveURL(/\/categories$/, { timeout: 15_000 });
  // Each category card loads its own links: nine requests at once, slow on a busy machine.
  await expect(page.getByRole('region', { name: 'Python' })).toBeVisible({ timeout: 15_000 });

  // Again with overwrite: every link is there already, so each is replaced.
  await open(page, '/import-bookmarks', 'Import Bookmarks');
  await chooseFile(page, fixture('chrome-export-nested-icons.html'));
  await page.getByRole('checkbox', { name: 'Overwrite existing bookmarks' }).check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(notice(page)).toContainText('18 bookmarks have been imported and overwritten successfully');
  await expect(page).toHaveURL(/\/categories$/, { timeout: 15_000 });
  const list = await (await page.request.get('/api/bookmarks?pageSize=1')).json();
  expect(list.total).toBe(18);
});

test("a Pocket export is refused as 'Invalid File' and nothing is imported", async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  await open(page, '/import-bookmarks', 'Import Bookmarks');
  // By keyboard only: Tab to the button, Enter opens the file chooser, Enter on Import sends.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('link', { name: 'How to export your bookmarks' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Choose file' })).toBeFocused();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(fixture('pocket-export-not-netscape.html'));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Overwrite existing bookmarks' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(importMessages.invalidTitle);
  await expect(alert).toContainText(importMessages.invalidSyntax);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page).toHaveURL(/\/import-bookmarks$/);
  expect((await (await page.request.get('/api/bookmarks')).json()).total).toBe(0);
});

test('search, filter by category, select all and delete with the confirmation', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  await seed(page, baseURL!, [
    ...Array.from({ length: 28 }, (_, i) => ({
      title: `Handbook chapter ${i + 1}`,
      url: `https://handbook${i + 1}.example.org/`,
      folder: ['Work'],
    })),
    ...Array.from({ length: 3 }, (_, i) => ({
      title: `Morning paper ${i + 1}`,
      url: `https://paper${i + 1}.example.net/`,
      folder: ['News'],
    })),
  ]);

  await open(page, '/search', 'Search');
  await expect(page.getByText('31 bookmarks')).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(25);

  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(results.getByRole('listitem')).toHaveCount(6);
  // A new search starts again at page 1.
  await page.getByRole('searchbox', { name: 'Search bookmarks' }).fill('morn');
  await expect(page.getByText('3 bookmarks')).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(3);
  await expect(results.getByRole('link', { name: 'Morning paper 2' })).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Filter by category').selectOption('Work');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(bookmarkMessages.noResults)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search bookmarks' }).fill('');
  await expect(page.getByText('28 bookmarks')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('28 bookmarks, 25 selected')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 25 bookmarks?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('28 bookmarks, 25 selected')).toBeVisible();

  await page.getByRole('button', { name: 'Delete selected' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toContainText('25 Links Deleted');
  await expect(page.getByText('3 bookmarks', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  const left = await (await page.request.get('/api/bookmarks?pageSize=100')).json();
  expect(left.total).toBe(6);
  expect(left.items.filter((b: { category: string }) => b.category === 'Work')).toHaveLength(3);

  // Undo, in the notice that says they were deleted, puts every one of them back.
  await notice(page).getByRole('button', { name: 'Undo' }).click();
  await expect(notice(page)).toContainText('25 links restored');
  await expect(page.getByText('28 bookmarks', { exact: true })).toBeVisible();
  const back = await (await page.request.get('/api/bookmarks?pageSize=100')).json();
  expect(back.total).toBe(31);
  expect((await (await page.request.get('/api/trash')).json()).total).toBe(0);
});

test('the export downloads a Netscape bookmark file from the search and the profile page', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!);
  await seed(page, baseURL!, [{ title: 'Example', url: 'https://www.example.com/', folder: ['Reading'] }]);

  for (const [where, heading, name] of [
    ['/search', 'Search', 'Export'],
    ['/profile', 'Profile', 'Export bookmarks'],
  ] as const) {
    await open(page, where, heading);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^linkhive-bookmarks-.*\.html$/);
    const text = await fs.readFile((await download.path())!, 'utf8');
    expect(text.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    expect(text).toContain('HREF="https://www.example.com/"');
  }
});
