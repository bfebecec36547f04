import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './testing/site.js';

// The API's reference page (issue 28): a small viewer served by the server itself, rendering the
// OpenAPI document generated from the contract, under the app's content security policy. Each part
// is its own test: together, with two axe scans of a long page, they outran one test's time on a
// busy CI machine.

/** Opens the reference, failing the test on any refused request or request outside this server. */
async function openReference(page: Page, baseURL: string | undefined, path = '/api/docs') {
  const refused: string[] = [];
  page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
  page.on('requestfailed', (r) => refused.push(`${r.url()} ${r.failure()?.errorText}`));
  const outside: string[] = [];
  // Nothing from outside this server: no CDN.
  page.on('request', (r) => !r.url().startsWith(`${baseURL}/`) && outside.push(r.url()));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: /Linkhive API/ })).toBeVisible();
  await expect(page.getByLabel('Filter endpoints')).toBeEnabled();
  return {
    expectNothingRefused() {
      expect(refused).toEqual([]);
      expect(outside.filter((u) => !u.startsWith('data:'))).toEqual([]);
    },
  };
}

test('the API reference renders every feature’s endpoints from /api/openapi.json; one opens from the keyboard', async ({
  page,
  baseURL,
}) => {
  const reference = await openReference(page, baseURL);
  const document = await (await page.request.get('/api/openapi.json')).json();
  const tags = (document.tags as { name: string }[]).map((t) => t.name);
  for (const tag of tags) await expect(page.getByRole('region', { name: tag, exact: true })).toBeVisible();
  const operations = Object.values(document.paths as Record<string, object>).flatMap((item) => Object.keys(item));
  await expect(page.locator('details.operation')).toHaveCount(operations.length);

  // One operation opened from the keyboard: who may call it and its declared answers, errors by code.
  const create = page.locator('details.operation', { hasText: 'POST /api/bookmarks Saves a bookmark' });
  await create.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(create).toHaveAttribute('open', '');
  await expect(create.getByText('409 Conflict: duplicate_link', { exact: true })).toBeVisible();
  await expect(create.getByText('201 Created', { exact: true })).toBeVisible();
  await expect(create.getByText(/^Access: Signed in: The web app’s session, or A token/)).toBeVisible();
  reference.expectNothingRefused();
});

for (const width of [1280, 400]) {
  test(`the API reference with an endpoint open passes axe and fits at ${width} px`, async ({ page, baseURL }) => {
    // axe checks every schema block of this long page: a scan alone has taken most of a minute on a
    // busy CI machine.
    test.slow();
    const reference = await openReference(page, baseURL, '/api/docs#op-bookmarks.create');
    await expect(page.locator('#op-bookmarks\\.create')).toHaveAttribute('open', '');
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`api-docs-${width}.png`), fullPage: false });
    reference.expectNothingRefused();
  });
}

test('the API reference’s filter keeps the endpoints that hold every word typed', async ({ page, baseURL }) => {
  const reference = await openReference(page, baseURL);
  await page.getByLabel('Filter endpoints').fill('delete bookmarks');
  await expect(page.getByRole('status')).toHaveText(/^\d+ endpoints? match$/);
  const shown = await page.locator('details.operation:visible summary').allTextContents();
  expect(shown).toContain('DELETE /api/bookmarks/{id} Moves a bookmark to the trash');
  for (const summary of shown) expect(summary.toLowerCase()).toMatch(/(?=.*delete)(?=.*bookmarks)/);
  await expect(page.getByRole('status')).toHaveText(`${shown.length} endpoints match`);
  await expect(page.getByRole('region', { name: 'health', exact: true })).toBeHidden();
  reference.expectNothingRefused();
});

test('a link to an endpoint opens it, on arrival and from a link on the page', async ({ page, baseURL }) => {
  const reference = await openReference(page, baseURL, '/api/docs#op-bookmarks.get');
  await expect(page.locator('#op-bookmarks\\.get')).toHaveAttribute('open', '');
  // A change of the address's fragment alone (no reload) opens the new endpoint too.
  await page.evaluate(() => (location.hash = '#op-bookmarks.remove'));
  await expect(page.locator('#op-bookmarks\\.remove')).toHaveAttribute('open', '');
  reference.expectNothingRefused();
});
