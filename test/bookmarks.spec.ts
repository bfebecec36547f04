import { expect, test, type Page } from '@playwright/test';
import { bookmarkMessages as m, profileMessages } from '../shared/src/domain/index.js';
import { fixtureUrl, signUpViaApi } from './testing/accounts.js';

const notice = (page: Page) => page.getByTestId('notification');

// A real 2x2 PNG for the profile picture.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('a user saves a page with its title and feed, favourites it with a screenshot, edits, unfavourites and deletes it', async ({
  page,
  baseURL,
}) => {
  // The suite's heaviest journey: a screenshot taken by the server's Chromium beside two other
  // workers' browsers. A budget for a busy 2-core machine, not a wait.
  test.setTimeout(120_000);
  await signUpViaApi(page.request, baseURL!);
  // A new user has no categories yet: the spec sends them from /categories to the import page. Two
  // pages' code loads on the way, which can take longer than the default 5 s on a busy machine.
  await page.goto('/categories');
  await expect(page).toHaveURL(/\/import-bookmarks$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Import Bookmarks' })).toBeVisible();

  await page.getByRole('button', { name: 'Add link', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Link' });
  await dialog.getByLabel('Web address').fill(fixtureUrl('/pages/firefox-feeds-test-page-rss-relative.html'));
  await expect(dialog.getByLabel('Title')).toHaveValue('Feeds test page');
  await expect(dialog.getByLabel('RSS feed URL')).toHaveValue(fixtureUrl('/pages/test-feed.xml'));
  await dialog.getByRole('button', { name: 'New category' }).click();
  await dialog.getByLabel('Custom category').fill('reading list');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(notice(page)).toContainText(m.bookmarked('Feeds test page', 'Reading list'));
  await expect(page).toHaveURL(/\/categories$/);
  const card = page.getByRole('region', { name: 'Reading list' });
  await expect(card.getByRole('link', { name: 'Feeds test page' })).toBeVisible();

  // The same address again is refused with the spec's message.
  await page.getByRole('button', { name: 'Add link to Reading list' }).click();
  await dialog.getByLabel('Web address').fill(fixtureUrl('/pages/firefox-feeds-test-page-rss-relative.html/'));
  // That address does not exist on the fixture server: the title falls back to the site's name.
  await expect(dialog.getByLabel('Title')).toHaveValue('localhost');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(m.duplicateLink)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'Add to Favorites' }).click();
  await expect(notice(page)).toContainText(m.favouriteSaved);
  await page.goto('/favourites');
  // Taken in the screenshot lane, in turn with the other specs' pages: over 20 s on a busy CI machine.
  await expect(page.getByRole('img', { name: /^Screenshot of localhost/ })).toBeVisible({ timeout: 45_000 });

  await page.getByRole('button', { name: 'Edit Bookmark' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bookmark' });
  await edit.getByLabel('Title').fill('Feeds test page, renamed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page)).toContainText(m.linkUpdated);
  await expect(page.getByText('Feeds test page, renamed')).toBeVisible();

  await page.getByRole('button', { name: 'Remove from Favorites' }).click();
  await expect(notice(page)).toContainText(m.favouriteRemoved);
  await expect(page.getByText(m.noFavourites)).toBeVisible();

  await page.goto('/categories');
  await page.getByRole('button', { name: 'Edit Bookmark' }).click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete bookmark?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toContainText(m.linkDeleted);
  await expect(page.getByText(m.noBookmarks)).toBeVisible();
});

test('the favourites layout and the tab colour are kept after a reload', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  const created = await page.request.post('/api/bookmarks', {
    data: { link: 'https://www.example.com/', title: 'Example', category: 'Work', favourite: true },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);

  await page.goto('/favourites');
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect
    .poll(async () => (await (await page.request.get('/api/profile')).json()).settings.layoutPreference)
    .toBe('grid');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

  // The title sits on the tab colour, in black or white, whichever reads better on it.
  await page.goto('/categories');
  const heading = page.getByRole('heading', { name: 'Work' });
  await expect(heading).toHaveCSS('background-color', 'rgb(229, 57, 53)');
  await expect(heading).toHaveCSS('color', 'rgb(0, 0, 0)');
  await page.getByLabel('Category tab colour').fill('#1a237e');
  await expect(notice(page)).toContainText(profileMessages.colorUpdated);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Work' })).toHaveCSS('background-color', 'rgb(26, 35, 126)');
  await expect(page.getByRole('heading', { name: 'Work' })).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('a user updates the profile with a PNG picture', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  await page.goto('/profile');
  await page.getByLabel('Display name').fill('Ann Example');
  const chooser = page.waitForEvent('filechooser');
  // From the keyboard: the button of its own opens the file chooser.
  await page.getByRole('button', { name: 'Choose picture' }).press('Enter');
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'New profile picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Update profile' }).click();
  await expect(notice(page)).toContainText(profileMessages.updated);
  await expect(page.getByRole('heading', { name: 'Ann Example' })).toBeVisible();
  const profile = await (await page.request.get('/api/profile')).json();
  expect(profile.photoURL).toMatch(/^\/files\/profile\/\w+\.png$/);
  expect((await page.request.get(profile.photoURL)).status()).toBe(200);
});
