import { expect, test, type Page } from '@playwright/test';
import { bookmarkMessages, recommendationMessages as m } from '../shared/src/domain/index.js';
import { aiFakeEnv, startAiFake, type AiFake } from '../server/src/testing/ai-fakes.js';
import { password, uniqueEmail } from './testing/accounts.js';
import { startRestartableServer, type RestartableServer } from './testing/appServer.js';
import { grant } from './testing/plans.js';
import { seriousViolations } from './testing/site.js';

// A server of its own whose two AI providers are local fakes speaking OpenAI's and Gemini's shapes.
test.describe.configure({ timeout: 90_000 });

let openai: AiFake;
let gemini: AiFake;
let server: RestartableServer;
test.beforeAll(async () => {
  openai = await startAiFake('openai');
  gemini = await startAiFake('gemini');
  server = await startRestartableServer(aiFakeEnv(openai, gemini));
});
test.afterAll(async () => {
  await server?.close();
  await openai?.close();
  await gemini?.close();
});

const slow = { timeout: 15_000 };

/** A new account with one bookmark, signed in in this page's context. */
async function withBookmark(page: Page, link: string) {
  const email = uniqueEmail('reco');
  const res = await page.request.post(`${server.url}/api/auth/signup`, {
    data: { firstName: 'Rae', email, password },
    headers: { origin: server.url },
  });
  expect(res.status()).toBe(201);
  const saved = await page.request.post(`${server.url}/api/bookmarks`, {
    data: { link, title: 'News site', category: 'News' },
    headers: { origin: server.url },
  });
  expect(saved.status()).toBe(201);
  return email;
}

test('a paid user retries after a failure, reads the recommendations and adds one', async ({ page }) => {
  const email = await withBookmark(page, `https://news-${Date.now()}.example.com/`);
  await grant(email, 'subscriptionPro', server.dataDir);

  // The first load is cut off on the way (the network, not the server): the drawer offers Retry.
  let cut = false;
  await page.route('**/api/bookmarks/*/recommendations*', async (route) => {
    if (cut) return route.continue();
    cut = true;
    await route.abort('connectionreset');
  });
  await page.goto(`${server.url}/search`);
  await page.getByRole('button', { name: m.button }).click({ timeout: 15_000 });
  await expect(page.getByTestId('notification')).toContainText(m.unavailable);
  const drawer = page.getByRole('dialog', { name: m.title });
  await expect(drawer.getByText(m.unavailable)).toBeVisible();
  await drawer.getByRole('button', { name: 'Retry' }).click();

  await expect(drawer.getByRole('heading', { name: 'Site 1', exact: true })).toBeVisible(slow);
  await expect(drawer.getByText(m.sourceLabel.openai)).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Open Site 1', exact: true })).toHaveAttribute(
    'href',
    'https://site-1.example.org/',
  );
  expect(openai.requests).toHaveLength(1);
  // The failure's notice hides by itself: scanned while it faded out, its half-shown text failed
  // axe's contrast rule once. The scan waits for it to be gone.
  await expect(page.getByTestId('notification')).toBeHidden({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);

  await drawer.getByRole('button', { name: 'Add Site 1', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Link' });
  await expect(add.getByLabel('Web address')).toHaveValue('https://site-1.example.org/');
  await expect(add.getByLabel('Title')).toHaveValue('Site 1');
  await add.getByRole('button', { name: 'New category' }).click();
  await add.getByLabel('Custom category').fill('discover');
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('notification')).toContainText(bookmarkMessages.bookmarked('Site 1', 'Discover'));
  const list = await (await page.request.get(`${server.url}/api/bookmarks?q=site`)).json();
  expect(list.items.map((b: { link: string }) => b.link)).toContain('https://site-1.example.org/');
});

test('a free user sees no recommendations button', async ({ page }) => {
  await withBookmark(page, `https://free-${Date.now()}.example.com/`);
  await page.goto(`${server.url}/search`);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(1, slow);
  await expect(page.getByRole('button', { name: m.button })).toHaveCount(0);
});
