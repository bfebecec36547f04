import { expect, test } from '@playwright/test';

// The API's reference page (issue 28): Swagger UI served by the server itself, rendering the
// OpenAPI document generated from the contract, under the app's content security policy.
test('the API reference renders every feature’s endpoints from /api/openapi.json', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
  page.on('requestfailed', (r) => refused.push(`${r.url()} ${r.failure()?.errorText}`));
  const outside: string[] = [];
  // Nothing from outside this server: no CDN.
  page.on('request', (r) => !r.url().startsWith(`${baseURL}/`) && outside.push(r.url()));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Linkhive API/ })).toBeVisible();
  const document = await (await page.request.get('/api/openapi.json')).json();
  for (const tag of document.tags as { name: string }[])
    await expect(page.locator(`#operations-tag-${tag.name}`)).toBeVisible();

  // One operation opened: its declared answers, the errors by code among them.
  const summary = page.getByRole('button', { name: /^POST \/api\/bookmarks Saves a bookmark/ });
  const create = page.locator('.opblock', { has: summary });
  await summary.click();
  await expect(create.getByText('Conflict: duplicate_link')).toBeVisible();
  await expect(create.getByText('Created', { exact: true })).toBeVisible();

  expect(refused).toEqual([]);
  expect(outside.filter((u) => !u.startsWith('data:'))).toEqual([]);
});
