import { expect, test, type Page } from '@playwright/test';
import { bookmarkMessages as m, saveMessages } from '../shared/src/domain/index.js';
import { fixtureUrl, password, signUpViaApi, uniqueEmail } from './testing/accounts.js';
import { seriousViolations } from './testing/site.js';

// Issue 32: two doors into the web app's save path. The installed app's share sheet posts a form to
// the manifest's share_target, and the bookmarklet opens the save page in a small window; both open
// the Add Link dialog filled in, and nothing is saved before Create.

const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const slow = { timeout: 15_000 };
const notice = (page: Page) => page.getByTestId('notification');
/** A real page with a title, on the fixture server the app's page lookup may reach. */
const article = fixtureUrl('/pages/firefox-feeds-test-page-rss-relative.html');
const otherArticle = fixtureUrl('/pages/wikipedia-fr-article-atom-alternate.html');
/** Another site, served by the test itself: the sharing app's page and the page a bookmarklet runs on. */
const elsewhere = 'https://elsewhere.example';

test.beforeEach(async ({ page }) => {
  // The saved links' site icons are no part of these journeys: answered at once.
  await page.route('**/api/favicons/**', (route) => route.fulfill({ status: 404, body: '' }));
});

/** Opens a page titled `title` at `address`, served by the test to this browser: a site that is not Linkhive. */
async function openPage(page: Page, address: string, title: string) {
  await page.route(
    (url) => url.href === address,
    (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><title>${title}</title></head><body><p>A page</p></body></html>`,
      }),
  );
  await page.goto(address);
}

interface ShareTarget {
  action: string;
  method: string;
  enctype: string;
  params: Record<'title' | 'text' | 'url', string>;
}

/**
 * Shares as the phone's share sheet does: the installed app's manifest names the action, method,
 * encoding and field names, and the browser posts that form as a top-level navigation, here from
 * another site's page (the cookie is SameSite=Lax, so that POST carries none).
 */
async function share(page: Page, fields: Partial<Record<'title' | 'text' | 'url', string>>) {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { share_target: ShareTarget };
  const target = manifest.share_target;
  expect(target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
  await openPage(page, `${elsewhere}/sharing-app`, 'A sharing app');
  const action = new URL(target.action, baseURL).href;
  await page.evaluate(
    ({ action, target, fields }) => {
      const form = document.createElement('form');
      form.action = action;
      form.method = target.method;
      form.enctype = target.enctype;
      for (const [key, value] of Object.entries(fields)) {
        const input = document.createElement('textarea');
        input.name = target.params[key as keyof typeof target.params];
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { action, target, fields },
  );
  await page.waitForURL((url) => url.origin === baseURL);
}

async function savedLinks(page: Page): Promise<{ link: string; title: string; category: string }[]> {
  const res = await page.request.get('/api/bookmarks?pageSize=50');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { link: string; title: string; category: string }[] }).items;
}

test('the share target opens the Add Link dialog filled in, and saves a link and a text with a link', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request, baseURL);

  await share(page, { title: 'Feeds test page', text: '', url: article });
  await expect(page).toHaveURL(/\/save\?url=/);
  const dialog = page.getByRole('dialog', { name: 'Add Link' });
  await expect(dialog.getByLabel('Web address')).toHaveValue(article, slow);
  await expect(dialog.getByLabel('Title')).toHaveValue('Feeds test page');
  // The form alone wrote nothing: the user confirms.
  expect(await savedLinks(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'New category' }).click();
  await dialog.getByLabel('Custom category').fill('shared');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(notice(page)).toContainText(m.bookmarked('Feeds test page', 'Shared'));
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('region', { name: 'Shared' }).getByRole('link', { name: 'Feeds test page' })).toBeVisible(
    slow,
  );

  // An Android app's way: the link inside the text. The last category is offered: one press of Create.
  await share(page, { title: '', text: `Look at this ${otherArticle}` });
  await expect(dialog.getByLabel('Web address')).toHaveValue(otherArticle, slow);
  await expect(dialog.getByLabel('Title')).toHaveValue('Look at this');
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue('Shared');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(notice(page)).toContainText(m.bookmarked('Look at this', 'Shared'));

  // The same link again: the app's duplicate rule, with its message, and nothing saved twice.
  await share(page, { text: article });
  // With no title shared, the page's own fills it in: Create before that would find the title empty.
  await expect(dialog.getByLabel('Title')).toHaveValue('Feeds test page', slow);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(m.duplicateLink)).toBeVisible();
  expect((await savedLinks(page)).map((b) => [b.link, b.title, b.category]).sort()).toEqual(
    [
      [article, 'Feeds test page', 'Shared'],
      [otherArticle, 'Look at this', 'Shared'],
    ].sort(),
  );
});

test('the share target refuses a javascript: link and says when nothing shared holds a link', async ({ page }) => {
  await signUpViaApi(page.request, baseURL);
  await share(page, { url: 'javascript:alert(document.cookie)', text: article });
  await expect(page.getByTestId('save-error')).toHaveText(saveMessages.notWebAddress, slow);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await share(page, { title: 'A note', text: 'Nothing to open here' });
  await expect(page.getByTestId('save-error')).toHaveText(saveMessages.noLink, slow);
  await expect(page.getByRole('link', { name: 'Go to your bookmarks' })).toBeVisible();
  expect(await savedLinks(page)).toEqual([]);
});

test('signed out, a shared link is kept through the sign-in and then saved', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('share');
  const other = await playwright.request.newContext({ baseURL });
  await signUpViaApi(other, baseURL, email);
  await other.dispose();

  await share(page, { title: 'Feeds test page', url: article });
  await expect(page).toHaveURL(/\/login\?redirect=/, slow);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add Link' });
  await expect(dialog.getByLabel('Web address')).toHaveValue(article, slow);
  await expect(dialog.getByLabel('Title')).toHaveValue('Feeds test page');
  await dialog.getByRole('button', { name: 'New category' }).click();
  await dialog.getByLabel('Custom category').fill('Later');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(notice(page)).toContainText(m.bookmarked('Feeds test page', 'Later'));
  expect((await savedLinks(page)).map((b) => b.link)).toEqual([article]);
});

test('the bookmarklet from /profile saves the page it runs on in its own window, which then closes', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request, baseURL);
  await page.goto('/profile');
  const link = page.getByRole('link', { name: 'Save to Linkhive' });
  await expect(link).toHaveAttribute('href', /^javascript:/, slow);
  const code = (await link.getAttribute('href'))!;
  // Clicked on Linkhive itself it only says how to use it.
  await link.click();
  await expect(page.getByRole('status').filter({ hasText: 'Drag this button' })).toBeVisible();

  // A long title, as real pages have: the dialog cuts it to what a person may type.
  const title = 'Ein sehr langer Artikeltitel über Heimautomatisierung und Netzwerkinfrastruktur im Eigenbau';
  // On the fixture server's host, which the app's page lookup may reach (and finds no such page there).
  const address = fixtureUrl(`/artikel/${'abschnitt-'.repeat(8)}ende?quelle=lesezeichen&x=1`);
  await openPage(page, address, title);
  // The bookmark is clicked: its code runs on that page, as a click on a bookmark runs it.
  const popupOpened = context.waitForEvent('page');
  await page.evaluate((code) => {
    const a = document.createElement('a');
    a.href = code;
    document.body.append(a);
    a.click();
  }, code);
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/save\?popup=1&url=/);
  await popup.route('**/api/favicons/**', (route) => route.fulfill({ status: 404, body: '' }));
  const dialog = popup.getByRole('dialog', { name: 'Add Link' });
  await expect(dialog.getByLabel('Web address')).toHaveValue(address, slow);
  await expect(dialog.getByLabel('Title')).toHaveValue(title.slice(0, 50));
  expect(await popup.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(popup, [], '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'New category' }).click();
  await dialog.getByLabel('Custom category').fill('Reading');
  const closed = popup.waitForEvent('close');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const message = `${m.bookmarked(title.slice(0, 50), 'Reading')} ${saveMessages.closing}`;
  await expect(popup.getByRole('alert').filter({ hasText: saveMessages.closing })).toHaveText(message);
  await closed;
  expect((await savedLinks(page)).map((b) => [b.link, b.title, b.category])).toEqual([
    [address, title.slice(0, 50), 'Reading'],
  ]);
});

test('the bookmarklet’s page refuses a javascript: address and saves nothing', async ({ page }) => {
  await signUpViaApi(page.request, baseURL);
  await page.goto(`/save?popup=1&url=${encodeURIComponent('javascript:alert(document.cookie)')}&title=Hi`);
  await expect(page.getByTestId('save-error')).toHaveText(saveMessages.notWebAddress, slow);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Close window' })).toBeVisible();
  expect(await savedLinks(page)).toEqual([]);
});

test('the save page and the bookmarklet card hold at 400 and 1280 px with a long title, and pass axe', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request, baseURL);
  const long = 'Selbstgehostete-Dienste/Heimautomatisierung&Netzwerkinfrastruktur'.repeat(3);
  await page.goto(`/save?url=${encodeURIComponent(`${article}?${'q'.repeat(300)}`)}&title=${encodeURIComponent(long)}`);
  for (const width of [1280, 400]) {
    await test.step(`the save page at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const dialog = page.getByRole('dialog', { name: 'Add Link' });
      await expect(dialog.getByLabel('Title')).toHaveValue(long.slice(0, 50), slow);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page, [], '[role="dialog"]')).toEqual([]);
    });
  }
  await page.goto('/profile');
  for (const width of [1280, 400]) {
    await test.step(`the bookmarklet card at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const card = page.getByRole('region', { name: 'Save from any browser' });
      await expect(card.getByRole('link', { name: 'Save to Linkhive' })).toBeVisible(slow);
      await card.getByRole('link', { name: 'Save to Linkhive' }).focus();
      await page.keyboard.press('Tab');
      await expect(card.getByRole('button', { name: 'Copy code' })).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page, [], 'section[aria-labelledby="profile-bookmarklet-title"]')).toEqual([]);
    });
  }
});
