import { expect, test, type Page } from '@playwright/test';
import { bookmarkMessages, tokenMessages } from '../shared/src/domain/index.js';
import { signUpViaApi } from './testing/accounts.js';
import { expectFitsWidths } from './testing/layoutData.js';
import { seriousViolations } from './testing/site.js';

// Issue 32: a user makes personal API tokens on /profile; a script saves and lists bookmarks with
// one, a read-only one may only read, and a revoked one is refused.
const notice = (page: Page) => page.getByTestId('notification');

test('a token made on the profile page saves and lists bookmarks; read-only refuses writes; revoked gets 401', async ({
  page,
  baseURL,
  playwright,
}) => {
  await signUpViaApi(page.request, baseURL!);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('No API tokens yet.')).toBeVisible();

  // A nameless token is refused before it is asked for.
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText(tokenMessages.nameRequired)).toBeVisible();

  await section.getByLabel('Token name').fill('Reading script');
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText(tokenMessages.created)).toBeVisible();
  const token = await section.getByLabel('Token “Reading script”').inputValue();
  expect(token).toMatch(/^lh_/);
  // The busy Create button hands the focus to Copy token; the shown token passes axe (its examples scroll by keyboard).
  await expect(section.getByRole('button', { name: 'Copy token' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // The curl examples carry this server's address and the token.
  await expect(
    section.getByText(`curl '${baseURL}/api/bookmarks?q=example' -H 'Authorization: Bearer ${token}'`),
  ).toBeVisible();

  // A script: the token only, no cookie.
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const saved = await script.post('/api/bookmarks', {
    data: { link: 'https://www.example.com/token-e2e', title: 'Saved by a script', category: 'Scripts' },
  });
  expect(saved.status()).toBe(201);
  const again = await script.post('/api/bookmarks', {
    data: { link: 'http://example.com/token-e2e/', title: 'Again', category: 'Scripts' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toBe(bookmarkMessages.duplicateLink);
  const listed = await (await script.get('/api/bookmarks?q=script')).json();
  expect(listed.items.map((b: { title: string }) => b.title)).toEqual(['Saved by a script']);

  // The user's library shows what the script saved.
  await page.goto('/categories');
  await expect(
    page.getByRole('region', { name: 'Scripts' }).getByRole('link', { name: 'Saved by a script' }),
  ).toBeVisible();

  // A read-only token.
  await page.goto('/profile');
  await section.getByLabel('Token name').fill('Dashboard');
  await section.getByLabel('Read-only').check();
  await section.getByRole('button', { name: 'Create token' }).click();
  const readOnlyToken = await section.getByLabel('Token “Dashboard”').inputValue();
  const reader = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${readOnlyToken}` },
  });
  expect((await reader.get('/api/bookmarks')).status()).toBe(200);
  const refused = await reader.post('/api/bookmarks', {
    data: { link: 'https://read-only.example.com/', title: 'Nope', category: 'Scripts' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe(tokenMessages.readOnly);

  // The list: names, read-only, use; never the tokens. It holds at a phone's width.
  await section.getByRole('button', { name: 'Done' }).click();
  // The panel that held the focus is gone: it goes on to the form, not back to the top of the page.
  await expect(section.getByLabel('Token name')).toBeFocused();
  const list = section.getByRole('list', { name: 'Your API tokens' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'Dashboard' }).getByText('Read-only')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Reading script' })).toContainText('last used');
  await expect(page.getByText(token)).toHaveCount(0);
  await expectFitsWidths(page);
  expect(await seriousViolations(page)).toEqual([]);

  await list.getByRole('button', { name: 'Revoke Reading script' }).click();
  await page.getByRole('dialog', { name: 'Revoke “Reading script”?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(notice(page)).toContainText(tokenMessages.revoked('Reading script'));
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await script.get('/api/bookmarks')).status()).toBe(401);
  await script.dispose();
  await reader.dispose();
});
