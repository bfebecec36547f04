import { expect, test } from '@playwright/test';
import { copyMessages } from '../shared/src/domain/index.js';
import { fixtureUrl, signUpViaApi } from './testing/accounts.js';
import { seriousViolations } from './testing/site.js';

// Issue 30, first part: a saved page is read after the save, and its article opens in the Reader
// view from the bookmark's row. The article is a publisher's real page (test/fixtures/articles).
test('a saved article opens in the Reader view from its row, readable at 1280 and 400 px', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!);
  const saved = await page.request.post('/api/bookmarks', {
    data: { link: fixtureUrl('/articles/lemonde-1.html'), title: 'Loi renseignement', category: 'Lecture' },
    headers: { origin: baseURL! },
  });
  expect(saved.status()).toBe(201);
  const { id } = await saved.json();
  // The crawler reads the page after the save has answered.
  await expect
    .poll(async () => (await page.request.get(`/api/bookmarks/${id}/copy`)).status(), { timeout: 30_000 })
    .toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/categories');
  const card = page.getByRole('region', { name: 'Lecture' });
  await card.getByRole('button', { name: copyMessages.readerView }).click();
  await expect(page).toHaveURL(new RegExp(`/read/${id}$`));
  const title = "Le projet de loi sur le renseignement massivement approuvé à l'Assemblée";
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('article')).toHaveAttribute('lang', 'fr');
  await expect(page.getByText('Le Monde.fr · Martin Untersinger (avec Damien Leloup et Morgane Tual) ·')).toBeVisible();
  await expect(page.getByText(/Laure de la Raudière/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: copyMessages.openOriginal })).toHaveAttribute(
    'href',
    fixtureUrl('/articles/lemonde-1.html'),
  );
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/categories$/);

  // Found by a word only in its article (typed without the accent), with the passage marked, on
  // the categories page and on the search page; not when searching titles only.
  await page.getByRole('searchbox', { name: 'Search bookmarks' }).fill('raudiere');
  const passage = card.getByTestId('search-snippet');
  await expect(passage.locator('mark').first()).toHaveText('Raudière');
  await page.goto('/search?q=raudiere');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'Loi renseignement' })).toBeVisible();
  await expect(results.getByTestId('search-snippet').locator('mark').first()).toHaveText('Raudière');
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.getByRole('switch', { name: 'Titles only' }).click();
  await expect(page.getByText('No results found')).toBeVisible();
});

test('a bookmark whose page has no article says so in the Reader view', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  const saved = await page.request.post('/api/bookmarks', {
    data: { link: fixtureUrl('/articles/not-there.html'), title: 'A page that is gone', category: 'Lecture' },
    headers: { origin: baseURL! },
  });
  const { id } = await saved.json();
  await page.goto(`/read/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'A page that is gone' })).toBeVisible();
  await expect(page.getByText(`${copyMessages.noCopy} ${copyMessages.noCopyHint}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Opened on its own (as the side panel's tab opens it), Back leads into the app, not out of it.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/categories$/);
});
