import { expect, test } from '@playwright/test';
import { linkHealthMessages, linkHealthRules } from '../shared/src/domain/index.js';
import { fixtureUrl, signUpViaApi } from './testing/accounts.js';
import { startRestartableServer, type RestartableServer } from './testing/appServer.js';
import { seriousViolations } from './testing/site.js';

// Issue 30: a link is broken only after failing twice, days apart. The server runs on its own and is
// started again with its clock days ahead (libfaketime), as it would be days later.
let server: RestartableServer;
test.beforeAll(async () => {
  server = await startRestartableServer({ CRAWL: 'off', FETCH_ALLOW_HOSTS: 'localhost' });
});
test.afterAll(async () => {
  await server?.close();
});

test('a link that fails again days later is broken: the Broken links filter finds it, with the Internet Archive’s copy', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A context of the server's own, so that relative addresses and the session cookie are its.
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signUpViaApi(page.request, server.url);
  const save = async (path: string, title: string) => {
    const res = await page.request.post(`${server.url}/api/bookmarks`, {
      data: { link: fixtureUrl(path), title, category: 'Reading' },
      headers: { origin: server.url },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const gone = await save('/articles/no-longer-here.html', 'A page that went away');
  await save('/articles/heise.html', 'A page that stays');
  const first = await page.request.post(`${server.url}/api/bookmarks/${gone}/check`, {
    headers: { origin: server.url },
  });
  expect(await first.json()).toMatchObject({ health: 'failing', status: 404 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/search`);
  const results = page.getByRole('list', { name: 'Search results' });
  const goneRow = results.getByRole('listitem').filter({ hasText: 'A page that went away' });
  await expect(goneRow.getByText(linkHealthMessages.labels.failing)).toBeVisible();
  await expect(
    results.getByRole('listitem').filter({ hasText: 'A page that stays' }).getByRole('button', { name: 'Check now' }),
  ).toHaveCount(0);

  // Days later, 'Check now' meets the same 404: the link is broken.
  await server.stop();
  await server.start({ daysLater: linkHealthRules.brokenAfterDays + 1 });
  await page.reload();
  await goneRow.getByRole('button', { name: 'Check now' }).click();
  await expect(goneRow.getByText(linkHealthMessages.labels.broken, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('switch', { name: 'Broken links only' }).check();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('1 bookmark', { exact: true })).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('link', { name: 'Internet Archive copy of A page that went away' })).toHaveAttribute(
    'href',
    `https://web.archive.org/web/${fixtureUrl('/articles/no-longer-here.html')}`,
  );
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await context.close();
});
