import { expect, test } from '@playwright/test';
import { seriousViolations } from './testing/site.js';

// The API's reference page (issue 28): a small viewer served by the server itself, rendering the
// OpenAPI document generated from the contract, under the app's content security policy.
test('the API reference renders every feature’s endpoints from /api/openapi.json, and passes axe', async ({
  page,
  baseURL,
}) => {
  const refused: string[] = [];
  page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
  page.on('requestfailed', (r) => refused.push(`${r.url()} ${r.failure()?.errorText}`));
  const outside: string[] = [];
  // Nothing from outside this server: no CDN.
  page.on('request', (r) => !r.url().startsWith(`${baseURL}/`) && outside.push(r.url()));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: /Linkhive API/ })).toBeVisible();
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

  for (const width of [1280, 400]) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`api-docs-${width}.png`), fullPage: false });
    });
  }

  // The filter keeps the endpoints whose method, path or summary hold every word typed.
  await page.getByLabel('Filter endpoints').fill('delete bookmarks');
  await expect(page.getByRole('status')).toHaveText(/^\d+ endpoints? match$/);
  const shown = await page.locator('details.operation:visible summary').allTextContents();
  expect(shown).toContain('DELETE /api/bookmarks/{id} Deletes a bookmark');
  for (const summary of shown) expect(summary.toLowerCase()).toMatch(/(?=.*delete)(?=.*bookmarks)/);
  await expect(page.getByRole('status')).toHaveText(`${shown.length} endpoints match`);
  await expect(page.getByRole('region', { name: 'health', exact: true })).toBeHidden();

  // A link to an endpoint opens it.
  await page.goto('/api/docs#op-bookmarks.get');
  await expect(page.locator('#op-bookmarks\\.get')).toHaveAttribute('open', '');

  expect(refused).toEqual([]);
  expect(outside.filter((u) => !u.startsWith('data:'))).toEqual([]);
});
