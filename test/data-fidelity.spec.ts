import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { billingMessages, bookmarkMessages, importMessages, limits } from '../shared/src/domain/index.js';
import { password, signUpViaApi, uniqueEmail } from './testing/accounts.js';
import { grant } from './testing/plans.js';
import { anchorTitles } from '../server/src/testing/netscape-file.js';

// Issue 26 in Chromium, on the built app: what a user's data and the way through the app look like.

// Imported links point at real sites this machine cannot reach: icons are answered at once here.
test.beforeEach(async ({ page }) => {
  await page.route('**/api/favicons/**', (route) => route.fulfill({ status: 404, body: '' }));
});

/** What the page recorded of itself: paths, h1s and the states of the page area, each in order. */
type Seen = { paths: string[]; headings: string[]; main: string[] };

const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures/bookmarks', name);

async function importThroughPage(page: Page, file: string) {
  await page.goto('/import-bookmarks');
  await expect(page.getByRole('heading', { level: 1, name: 'Import Bookmarks' })).toBeVisible({ timeout: 15_000 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  return page.getByTestId('notification');
}

test('an import keeps long titles whole through export, and a re-import says nothing new was added', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!);
  const name = 'firefox-export-cyrillic-separator.html';
  const source = anchorTitles(await fs.readFile(fixture(name), 'utf8'));
  const long = [...source.values()].filter((t) => t.length > limits.titleMax);
  expect(long.length).toBeGreaterThan(1);

  await expect(await importThroughPage(page, fixture(name))).toContainText(importMessages.success(13, false));
  await expect(page).toHaveURL(/\/categories$/, { timeout: 15_000 });

  // The list shows the whole title, cut by an ellipsis in CSS only.
  const title = page.getByRole('link', { name: long[0]!, exact: true }).first();
  await expect(title).toBeVisible({ timeout: 15_000 });
  expect(await title.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');

  const exported = anchorTitles(await (await page.request.get('/api/export')).text());
  for (const t of long) expect([...exported.values()]).toContain(t);
  for (const [link, t] of source) expect(exported.get(link) ?? exported.get(new URL(link).href)).toBe(t);

  const again = await importThroughPage(page, fixture(name));
  // The page's summary first: it shows for importRedirectMs (1 s) before the categories open, the
  // notification for 6 s; read the other way round, a busy machine saw the page gone already.
  await expect(page.getByRole('status').filter({ hasText: importMessages.nothingNewInFile })).toBeVisible();
  await expect(again).toContainText(importMessages.nothingNewInFile);
  await expect(page.getByText(importMessages.success(0, false))).toHaveCount(0);
});

test('an empty account goes to the import page without showing another page first, and sign-out goes straight to /', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('empty');
  await signUpViaApi(request, baseURL!, email);
  // Every path the app is at, every h1 it paints and what the page area says, recorded in the page as
  // they happen: a mutation's record runs before the browser can paint what it changed.
  await page.addInitScript(
    ({ opening }) => {
      const w = window as unknown as { seen: Seen };
      w.seen = { paths: [location.pathname], headings: [], main: [] };
      const note = () => w.seen.paths.at(-1) !== location.pathname && w.seen.paths.push(location.pathname);
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          note();
        };
      }
      addEventListener('popstate', note);
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h1')) {
          const text = h.textContent ?? '';
          if (w.seen.headings.at(-1) !== text) w.seen.headings.push(text);
        }
        // The page area as a user reads it: blank, the loading status, or the page by its h1.
        const main = document.querySelector('main');
        if (!main) return;
        const text = main.innerText.trim();
        const state = !text
          ? 'blank'
          : text.includes(opening)
            ? opening
            : (main.querySelector('h1')?.textContent ?? text);
        if (w.seen.main.at(-1) !== state) w.seen.main.push(state);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    },
    { opening: bookmarkMessages.openingLibrary },
  );
  const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import Bookmarks' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/import-bookmarks$/);
  const arrival = await seen();
  expect(arrival.headings.filter((h) => h !== 'Login')).toEqual(['Import Bookmarks']);
  expect(arrival.paths).toEqual(['/login', '/categories', '/import-bookmarks']);
  // From the sign-in on, the page area said what was happening until the import page showed: never blank.
  const afterLogin = arrival.main.slice(arrival.main.lastIndexOf('Login') + 1);
  expect(afterLogin).toEqual([bookmarkMessages.openingLibrary, 'Import Bookmarks']);

  await page.evaluate(() => {
    (window as unknown as { seen: Seen }).seen.paths = [location.pathname];
  });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await seen()).paths).toEqual(['/import-bookmarks', '/']);
});

test('a plan granted with npm run admin -- grant shows as that plan on /profile, once, and says who gave it', async ({
  page,
  baseURL,
}) => {
  const { email } = await signUpViaApi(page.request, baseURL!);
  await grant(email, 'subscriptionPro');
  await page.goto('/profile');
  const box = page.getByRole('region', { name: 'Your subscription' });
  await expect(box.getByTestId('subscription-plan')).toHaveText('Pro, granted by an admin', { timeout: 15_000 });
  // This server has no Stripe key: the note belongs to a Free account only.
  await expect(box.getByText(billingMessages.notConfigured)).toHaveCount(0);
  await expect(page.getByText('Free plan')).toHaveCount(0);
  const current = page.getByRole('button', { name: 'Your current plan' });
  await expect(current).toHaveCount(1);
  await expect(page.locator('[data-plan="pro"]').getByRole('button', { name: 'Your current plan' })).toBeDisabled();
});
