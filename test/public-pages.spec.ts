import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { qrMessages } from '../shared/src/domain/site.js';
import { signUpViaApi } from './testing/accounts.js';
import { openPage } from './testing/site.js';

const section = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('region', { name, exact: true });

test('About us says what Linkhive is and who it is for', async ({ page }) => {
  await openPage(page, '/aboutus', 'About Linkhive');
  await expect(section(page, 'What you can do with it').getByRole('listitem')).toHaveCount(7);
  await expect(section(page, 'Who it is for')).toContainText('teams');
  await expect(page.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
});

test('the privacy policy covers storage, screenshots, fetched feeds, cookies and deletion', async ({ page }) => {
  await openPage(page, '/policy', 'Privacy Policy');
  await expect(section(page, 'What we store')).toContainText('stored only as a salted hash');
  await expect(section(page, 'Screenshots of your favourites')).toContainText('stored once per website');
  await expect(section(page, 'Pages and feeds we fetch for you')).toContainText('receive none of your cookies');
  await expect(section(page, 'Cookies and storage on your device')).toContainText('One cookie: the session cookie');
  await expect(section(page, 'Deleting your data')).toContainText('To delete your whole account');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/policy',
  );
});

test('the terms are dated 2025-04-08 and exclude children under 13', async ({ page }) => {
  await openPage(page, '/terms', 'Terms of Service');
  const date = page.locator('time');
  await expect(date).toHaveAttribute('datetime', '2025-04-08');
  await expect(page.getByText('Last updated:')).toContainText('8 April 2025 (2025-04-08)');
  await expect(section(page, '1. Who may use Linkhive')).toContainText(
    'Children under 13 may not create an account or use the service.',
  );
  await expect(section(page, '5. Plans and payments')).toContainText('less 10%, rounded up to a whole pound');
});

test('the export guide covers Chrome, Edge, Firefox and Safari and leads to the import page', async ({
  page,
  baseURL,
}) => {
  await openPage(page, '/export-bookmarks', 'Export your bookmarks');
  for (const [browser, step] of [
    ['Google Chrome', 'Export bookmarks'],
    ['Microsoft Edge', 'Export favourites'],
    ['Mozilla Firefox', 'Export Bookmarks to HTML…'],
    ['Apple Safari (Mac)', 'Bookmarks…'],
  ]) {
    const steps = section(page, browser!).getByRole('listitem');
    expect(await steps.count()).toBeGreaterThanOrEqual(2);
    await expect(section(page, browser!)).toContainText(step!);
  }
  const importSteps = section(page, 'Import the file into Linkhive');
  await expect(importSteps.getByRole('link', { name: 'Import Bookmarks', exact: true })).toHaveAttribute(
    'href',
    '/import-bookmarks',
  );

  // Signed out, the import page asks for a login first and comes back; signed in, it opens.
  await page.getByRole('link', { name: 'Go to Import Bookmarks' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fimport-bookmarks$/);
  await signUpViaApi(page.request, baseURL!);
  await openPage(page, '/export-bookmarks', 'Export your bookmarks');
  await page.getByRole('link', { name: 'Go to Import Bookmarks' }).click();
  await expect(page).toHaveURL(/\/import-bookmarks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Bookmarks' })).toBeVisible();
});

test('the workspace page explains workspaces and Get Started leads to My Workspace', async ({ page }) => {
  await openPage(page, '/workspace', 'Team Workspace - Collaborative Bookmark Management');
  await expect(section(page, 'How it works').getByRole('heading', { level: 3 })).toHaveCount(4);
  await expect(section(page, 'Groups on each plan')).toContainText('Business: 20 groups');
  const getStarted = page.getByRole('link', { name: 'Get Started' });
  await expect(getStarted).toHaveCount(2);
  for (const link of await getStarted.all()) await expect(link).toHaveAttribute('href', '/teams/workspace');
  await getStarted.first().click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fteams%2Fworkspace$/);
});

test('the digital business cards page shows a QR preview and leads to /promote', async ({ page }) => {
  await openPage(page, '/digital-business-cards', 'Digital Business Cards');
  const preview = page.getByRole('img', { name: /^Sample QR code for http:\/\/localhost:\d+\/promo\/your-business$/ });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/promote');
  await expect(section(page, 'Why a digital business card').getByRole('heading', { level: 3 })).toHaveCount(4);
});

test('the QR tool refuses a missing or invalid address and builds a PNG of the chosen size', async ({ page }) => {
  await openPage(page, '/digital-business-cards', 'Digital Business Cards');
  const tool = page.getByRole('form', { name: 'QR code' });
  const address = tool.getByLabel('Web address');
  const create = tool.getByRole('button', { name: 'Create QR code' });

  await create.click();
  await expect(tool.getByText(qrMessages.required)).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  await address.fill('www.example');
  await create.click();
  await expect(tool.getByText('Invalid URL use e.g. https://www.example.com')).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code for/ })).toHaveCount(0);

  const url = 'https://www.example.com/promo/acme-bakery';
  await address.fill(url);
  await create.click();
  const code = page.getByRole('img', { name: `QR code for ${url}` });
  await expect(code).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'false');
  expect(await code.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

  // The size slider runs from 60 to 320 in steps of 10.
  const slider = page.getByRole('slider');
  await expect(slider).toHaveAttribute('aria-valuemin', '60');
  await expect(slider).toHaveAttribute('aria-valuemax', '320');
  await expect(slider).toHaveValue('160');
  await slider.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Size: 200 px')).toBeVisible();
  await expect.poll(() => code.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await page.keyboard.press('End');
  await expect(page.getByText('Size: 320 px')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByText('Size: 60 px')).toBeVisible();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Size: 160 px')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('linkhive-qr-code.png');
  const png = fs.readFileSync((await download.path())!);
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  // IHDR: width and height of the image.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([160, 160]);
});
