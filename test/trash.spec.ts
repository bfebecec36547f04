import { expect, test, type Page } from '@playwright/test';
import { signedInApi } from './testing/accounts.js';
import { importItems, expectFitsWidths, longestFixtureTitles } from './testing/layoutData.js';
import { seriousViolations } from './testing/site.js';

// Issue 31: what a user deletes waits in the trash; the Trash page restores it or empties the
// trash for good. Titles are the fixtures' longest, as real libraries have them.
const notice = (page: Page) => page.getByTestId('notification');
const slow = { timeout: 15_000 };

test('the Trash page lists deleted bookmarks, restores one and empties the rest, at phone and desktop widths', async ({
  page,
  baseURL,
  playwright,
}) => {
  const api = await signedInApi(page, baseURL!, playwright);
  const titles = longestFixtureTitles(3);
  await importItems(
    api,
    titles.map((title, i) => ({ title, url: `https://trash-e2e-${i}.example.org/story`, folder: ['Reading'] })),
  );
  const items = (await (await page.request.get('/api/bookmarks?pageSize=10')).json()).items as {
    id: string;
    title: string;
  }[];
  expect(items).toHaveLength(3);

  await page.goto('/trash');
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible(slow);
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Empty trash' })).toBeDisabled();

  expect((await api.post('/api/bookmarks/delete', { data: { ids: items.map((b) => b.id) } })).ok()).toBe(true);
  await page.reload();
  const list = page.getByRole('list', { name: 'Deleted bookmarks' });
  await expect(list.getByRole('listitem')).toHaveCount(3, slow);
  await expect(page.getByText('Deleted bookmarks are kept here for 30 days, then deleted for good.')).toBeVisible();

  await expectFitsWidths(page);
  expect(await seriousViolations(page)).toEqual([]);

  const first = items[0]!;
  await list.getByRole('button', { name: `Restore ${first.title}` }).click();
  await expect(notice(page)).toContainText('1 link restored');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const back = await page.request.get(`/api/bookmarks/${first.id}`);
  expect(back.status()).toBe(200);
  expect((await back.json()).title).toBe(first.title);

  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('dialog', { name: 'Empty the trash?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(notice(page)).toContainText('2 links deleted for good');
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  expect((await (await page.request.get('/api/bookmarks?pageSize=10')).json()).total).toBe(1);
  await api.dispose();
});
