import { expect, test, type APIRequestContext } from '@playwright/test';
import { feedMessages } from '../shared/src/domain/index.js';
import { fixtureUrl, signUpViaApi } from './testing/accounts.js';
import { grant } from './testing/plans.js';
import { seriousViolations } from './testing/site.js';

// The server keeps each feed address's last answer for everyone, so each test names its own.
const feed = (file: string) => fixtureUrl(`/feeds/${file}?run=${process.pid}-${Date.now()}`);

async function addBookmark(
  request: APIRequestContext,
  baseURL: string,
  title: string,
  category: string,
  rssFeed: string,
) {
  const slug = title.toLowerCase().replace(/\W+/g, '-');
  const res = await request.post('/api/bookmarks', {
    data: { link: `https://${slug}.example.com/`, title, category, rssFeed },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
}

test("a paid user reads a bookmark's feed, then the merged list: filters, pages and refreshes", async ({
  page,
  baseURL,
}) => {
  const { email } = await signUpViaApi(page.request, baseURL!);
  await grant(email, 'subscriptionPro');
  await addBookmark(page.request, baseURL!, 'Heise Developer', 'Tech', feed('atom-heise-developer.xml'));
  await addBookmark(page.request, baseURL!, 'Craigslist Homes', 'Homes', feed('rss1-rdf-craigslist.xml'));
  await addBookmark(page.request, baseURL!, 'Medium Food', 'Food', feed('rss2-content-encoded-medium.xml'));
  await addBookmark(page.request, baseURL!, 'Moved Away', 'Tech', feed('malformed-html-document-moved.xml'));

  await page.goto('/categories');
  const tech = page.getByRole('region', { name: 'Tech' });
  await expect(tech.getByRole('link', { name: 'Heise Developer' })).toBeVisible({ timeout: 15_000 });
  await tech
    .getByRole('listitem')
    .filter({ hasText: 'Heise Developer' })
    .getByRole('button', { name: 'See RSS Feed' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'RSS Feed: Heise Developer' });
  const items = dialog.getByRole('list', { name: 'Items of Heise Developer' });
  await expect(items.getByRole('listitem')).toHaveCount(15);
  await expect(items.getByRole('listitem').first()).toContainText(
    'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A feed that is not a feed: the dialog's message and the spec's notice.
  await tech
    .getByRole('listitem')
    .filter({ hasText: 'Moved Away' })
    .getByRole('button', { name: 'See RSS Feed' })
    .click();
  const failed = page.getByRole('dialog', { name: 'RSS Feed: Moved Away' });
  await expect(failed.getByText(feedMessages.dialogError)).toBeVisible();
  await expect(page.getByTestId('notification')).toContainText(feedMessages.noticeTitle);
  await expect(page.getByTestId('notification')).toContainText(feedMessages.noticeText);
  await failed.getByRole('button', { name: 'Close' }).click();

  await page.goto('/rss-feeds');
  await expect(page.getByRole('heading', { level: 1, name: 'RSS Feeds' })).toBeVisible();
  const list = page.getByRole('list', { name: 'RSS feed items' });
  await expect(list.getByRole('listitem')).toHaveCount(25, { timeout: 15_000 });
  await expect(page.getByText(/^47 items · 4 sources · Last updated: Just now$/)).toBeVisible();
  await expect(page.getByText(feedMessages.someFailed)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sources' })).toContainText(feedMessages.sourceFailed);
  // Newest first: the heise post of 2016 comes after craigslist's and medium's later ones.
  await expect(list.getByRole('listitem').first()).toContainText('Medium Food');

  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(22);

  await page.getByLabel('Filter by source').selectOption({ label: 'Medium Food' });
  await expect(list.getByRole('listitem')).toHaveCount(7);
  await expect(page.getByText(/^7 items · 4 sources/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to page 2' })).toHaveCount(0);

  await page.getByLabel('Filter by source').selectOption({ label: 'All Sources' });
  await page.getByRole('searchbox', { name: 'Search feeds' }).fill('wildfly');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search feeds' }).fill('no such words anywhere');
  await expect(page.getByText(feedMessages.noMatch)).toBeVisible();
  // Back to the filters of page 2: the list starts again at page 1.
  await page.getByRole('searchbox', { name: 'Search feeds' }).fill('');
  await expect(list.getByRole('listitem')).toHaveCount(25);

  await page.getByRole('button', { name: 'Refresh All' }).click();
  // Refresh All asks every source again: on a busy 2-core run that passes the default 10 s. A budget.
  await expect(list.getByRole('listitem')).toHaveCount(25, { timeout: 30_000 });
  await expect(page.getByText(/^47 items · 4 sources · Last updated: Just now$/)).toBeVisible();
});

test('a free user sees the newest 50 items with the limit warning, and no See RSS Feed', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  await addBookmark(page.request, baseURL!, 'Heise News', 'News', feed('rss090-rdf-heise.xml'));

  await page.goto('/rss-feeds');
  const warning = page.getByRole('alert').filter({ hasText: feedMessages.freeLimit(60) });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/#pricing');
  await expect(page.getByText(/^50 items · 1 source/)).toBeVisible();
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page.getByRole('list', { name: 'RSS feed items' }).getByRole('listitem')).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Go to page 3' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/categories');
  await expect(page.getByRole('link', { name: 'Heise News' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'See RSS Feed' })).toHaveCount(0);
});
