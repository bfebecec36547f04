import { expect, test } from '@playwright/test';
import { siteMessages } from '../shared/src/domain/site.js';
import { openPage, pauseCarousel, publicPages, seriousViolations } from './testing/site.js';
import { runAxe } from './testing/axe.js';

// The spec's mobile layout starts at 600 px; every page must work there as well as on a desktop.
// One visit a page, checked at 1280 px and again with the window narrowed to 600 px.
for (const { path, heading } of publicPages) {
  test(`${path} has no serious or critical accessibility violation and fits 1280 and 600 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, path, heading);
    if (path === '/') await pauseCarousel(page, 'Highlights');
    for (const width of [1280, 600]) {
      await test.step(`at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        if (path === '/' || path.startsWith('/subscriptions')) {
          // Let the plans arrive, so that their cards are checked too.
          if (path === '/') await page.locator('#pricing').scrollIntoViewIfNeeded();
          await expect(page.locator('[data-plan]')).toHaveCount(4);
        }
        expect(await seriousViolations(page)).toEqual([]);
        // Once laid out at this width: the header swaps its links for the menu a render after the
        // window narrows, and an answer arriving meanwhile (the extension offer) renders again.
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  });
}

test('the yearly prices, the QR tool with its messages and the notices pass axe too', async ({ page, context }) => {
  await openPage(page, '/#pricing', 'Linkhive');
  await pauseCarousel(page, 'Highlights');
  await page.getByRole('switch', { name: 'Yearly billing' }).check();
  await expect(page.getByText('SAVE 10%', { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await openPage(page, '/digital-business-cards', 'Digital Business Cards');
  await page.getByRole('button', { name: 'Create QR code' }).click();
  await expect(page.getByText('Web address required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Web address').fill('https://www.example.com');
  await page.getByRole('button', { name: 'Create QR code' }).click();
  await expect(page.getByRole('link', { name: 'Download PNG' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The install banner and the offline notice on screen together.
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(event);
  });
  await expect(page.getByRole('region', { name: 'Install Linkhive' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText(siteMessages.offline)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.setOffline(false);
});

test('the axe run the checks use finds what axe finds: a picture without words, faint text, a nameless button', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Axe check</title></head><body><main>
    <h1>Axe check</h1><img src="data:image/png;base64,iVBORw0KGgo=">
    <p style="color:#bbb;background:#fff">Faint text</p><button></button>
    <section id="part"><button>Named</button><a href="#"></a></section></main></body></html>`);
  const ids = (await runAxe(page)).map((v) => v.id).sort();
  expect(ids).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'image-alt', 'link-name']));
  // Asked again in the same page (axe already in it), and within one part of it.
  expect((await runAxe(page, { within: '#part' })).map((v) => v.id)).toEqual(['link-name']);
  expect((await runAxe(page, { rules: ['image-alt'] })).map((v) => v.id)).toEqual(['image-alt']);
});
