import { expect, test, type Page } from '@playwright/test';
import { promoMessages as m, promoShareUrl } from '../shared/src/domain/index.js';
import { password, signUpViaApi, uniqueEmail } from './testing/accounts.js';
import { approvedAdvert, type ApprovedAdvert } from './testing/promo.js';
import { seriousViolations } from './testing/site.js';

// One live promo page for the file; the steps build on each other (the owner's post is what the new
// follower then reads), so they run in order.
test.describe.configure({ mode: 'serial' });

let advert: ApprovedAdvert;
const postTitle = 'Spring opening hours';

test.beforeAll(async ({ playwright, baseURL }) => {
  advert = await approvedAdvert(playwright, baseURL!);
});
test.afterAll(async () => {
  await advert?.owner.dispose();
});

const promoPath = () => `/promo/${advert.slug}`;
const notice = (page: Page) => page.getByTestId('notification');

test('the owner writes a post with a heading and a list, and sees the page figures and the Connect QR', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: await advert.owner.storageState() });
  const page = await context.newPage();
  await page.goto(promoPath());
  await expect(page.getByRole('heading', { level: 1, name: advert.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last 30 days' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile');

  const form = page.getByRole('form', { name: 'New post' });
  await form.getByRole('button', { name: 'Publish post' }).click();
  await expect(form.getByText(m.postTitleRequired)).toBeVisible();
  await expect(form.getByText(m.postContentRequired)).toBeVisible();

  await form.getByLabel('Title').fill(postTitle);
  await form.getByRole('textbox', { name: 'Content' }).click();
  await form.getByRole('button', { name: 'Text style' }).click();
  await form.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('New hours from April');
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Weekdays from seven');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Sundays from nine');
  await form.getByRole('button', { name: 'Publish post' }).click();
  await expect(notice(page)).toHaveText(`${m.postTitle}: ${m.postCreated}`);

  const post = page.getByRole('article').filter({ hasText: postTitle });
  await expect(post.locator('h2', { hasText: 'New hours from April' })).toBeVisible();
  await expect(post.locator('ul > li')).toHaveText(['Weekdays from seven', 'Sundays from nine']);
  await expect(form.getByLabel('Title')).toHaveValue('');

  await page.getByRole('button', { name: 'Connect QR' }).click();
  const qr = page.getByRole('dialog', { name: 'Connect QR' });
  await expect(qr.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(qr.getByRole('link', { name: 'Download PNG' })).toHaveAttribute('href', /^data:image\/png;base64,/);
  await expect(qr.getByTestId('qr-link')).toHaveText(/\/share\?.*source=qr$/);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('a signed-out visitor clicks Follow, signs up in the dialog and reads the posts as a follower', async ({
  page,
}) => {
  await page.goto(promoPath());
  await expect(page.getByRole('heading', { level: 1, name: advert.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.followToSee })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit website' })).toHaveAttribute('href', advert.link);

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.createAccountToFollow });
  await expect(dialog.getByLabel('Web address')).toHaveCount(0);
  await dialog.getByLabel('First name').fill('Vera');
  await dialog.getByLabel('Email').fill(uniqueEmail('vera'));
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();

  await expect(notice(page)).toHaveText(`${m.followerAddedTitle}: ${m.followerAdded(advert.title)}`);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${promoPath()}$`));
  await expect(page.getByRole('heading', { name: postTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  const profile = await page.request.get('/api/promo/' + advert.slug);
  expect(((await profile.json()) as { following: boolean }).following).toBe(true);

  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(notice(page)).toHaveText(`${m.unfollowingTitle}: ${m.unfollowing(advert.title)}`);
  await expect(page.getByRole('heading', { name: m.followToSee })).toBeVisible();
});

test("a visitor arriving at the share link saves it and sees 'FOLLOWER ADDED'; the bookmark leads back to the page", async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!);
  await page.goto(promoShareUrl(baseURL!, advert));
  const dialog = page.getByRole('dialog', { name: 'Add Link' });
  await expect(dialog.getByRole('textbox', { name: 'Web address' })).toHaveValue(advert.link);
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(advert.title);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(notice(page)).toHaveText(`${m.followerAddedTitle}: ${m.followerAdded(advert.title)}`);
  await expect(page).toHaveURL(/\/categories$/);

  // The saved bookmark names its promotor: its row's action opens the live page.
  await page.getByRole('button', { name: "Promotor's Page" }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: advert.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expect(page.getByRole('heading', { name: postTitle })).toBeVisible();
});

for (const width of [1280, 600]) {
  test(`axe finds no serious violation on the promo page and the share page at ${width} px`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(promoPath());
    await expect(page.getByRole('heading', { name: m.followToSee })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.goto(promoShareUrl(baseURL!, advert));
    await expect(page.getByRole('dialog', { name: m.createAccountToFollow })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/share?url=javascript%3Aalert(1)&slug=..%2Fadmin');
    await expect(page.getByText(m.shareInvalid)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signUpViaApi(page.request, baseURL!);
    await page.goto(promoShareUrl(baseURL!, advert));
    await expect(page.getByRole('dialog', { name: 'Add Link' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
