import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { registerSqlFunctions } from '../server/src/db/index.js';
import { signedInApi } from './testing/accounts.js';
import { importItems, expectFitsWidths, longestFixtureTitles } from './testing/layoutData.js';
import { seriousViolations } from './testing/site.js';

// Issue 31: pages saved twice before the duplicate rule learnt that `www.`, http and tracking
// parameters make no other page are grouped on the Duplicates page, which merges them: one group
// with the bookmark the user picks, or every group at once.
const notice = (page: Page) => page.getByTestId('notification');
const slow = { timeout: 15_000 };

/**
 * Makes a bookmark what the key migration left of a second save of a page: its address another of
 * the same page, its key the earlier kind (the address itself). The API refuses such a save now, so
 * the test writes the server's database, as the migration did. The migration kept the new key for
 * the first saved: the one made here is the later.
 */
function savedBefore(id: string, link: string, createdAt: string) {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'linkhive.db'), { timeout: 15_000 });
  // The search index's triggers call the server's own function.
  registerSqlFunctions(db);
  try {
    db.prepare('update bookmark set link = ?, link_key = ?, created_at = ? where id = ?').run(
      link,
      link,
      createdAt,
      id,
    );
  } finally {
    db.close();
  }
}

test('the Duplicates page merges a group into the bookmark picked, then every group, at phone and desktop widths', async ({
  page,
  baseURL,
  playwright,
}) => {
  const api = await signedInApi(page, baseURL!, playwright);
  const titles = longestFixtureTitles(4);
  await importItems(
    api,
    titles.map((title, i) => ({ title, url: `https://dupes-e2e-${i}.example.org/story`, folder: ['Reading'] })),
  );
  const items = (await (await page.request.get('/api/bookmarks?pageSize=10')).json()).items as {
    id: string;
    title: string;
    link: string;
  }[];
  expect(items).toHaveLength(4);
  const byLink = (n: number) => items.find((b) => b.link === `https://dupes-e2e-${n}.example.org/story`)!;
  const later = new Date(Date.now() + 60_000).toISOString();
  savedBefore(byLink(1).id, 'http://www.dupes-e2e-0.example.org/story/?utm_source=newsletter', later);
  savedBefore(byLink(3).id, 'https://dupes-e2e-2.example.org/story?fbclid=IwAR3', later);

  await page.goto('/search');
  await page.getByRole('link', { name: 'Duplicates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Duplicates' })).toBeVisible(slow);
  const first = page.getByRole('region', { name: 'dupes-e2e-0.example.org/story' });
  const second = page.getByRole('region', { name: 'dupes-e2e-2.example.org/story' });
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await expect(page.getByRole('button', { name: 'Merge all 2 groups' })).toBeEnabled();

  await expectFitsWidths(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The oldest is picked to be kept; the user keeps the later saved instead.
  await expect(first.getByRole('radio').first()).toBeChecked();
  await first.getByRole('radio', { name: /utm_source=newsletter/ }).check();
  await first.getByRole('button', { name: 'Merge dupes-e2e-0.example.org/story' }).click();
  await expect(notice(page)).toContainText('Merged: 1 duplicate moved to the trash');
  await expect(first).toHaveCount(0);
  expect((await page.request.get(`/api/bookmarks/${byLink(1).id}`)).status()).toBe(200);
  const trashed = (await (await page.request.get('/api/trash')).json()).items as { id: string }[];
  expect(trashed.map((b) => b.id)).toEqual([byLink(0).id]);

  await page.getByRole('button', { name: 'Merge all 1 group' }).click();
  const confirm = page.getByRole('dialog', { name: 'Merge every group?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(notice(page)).toContainText('Merged: 1 duplicate moved to the trash');
  await expect(page.getByText('No duplicates: every page is saved once.')).toBeVisible();
  // The oldest of the second group is kept.
  expect((await page.request.get(`/api/bookmarks/${byLink(2).id}`)).status()).toBe(200);
  expect((await page.request.get(`/api/bookmarks/${byLink(3).id}`)).status()).toBe(404);
  expect((await (await page.request.get('/api/bookmarks?pageSize=10')).json()).total).toBe(2);
  await api.dispose();
});
