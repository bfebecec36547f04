import { expect, test, type Page } from '@playwright/test';
import { siteMessages } from '../shared/src/domain/site.js';
import { signUpViaApi } from './testing/accounts.js';
import { publishNextRelease, startAppServer } from './testing/appServer.js';
import { controlledByServiceWorker, openPage } from './testing/site.js';

const day = 24 * 60 * 60 * 1000;
const start = new Date('2026-03-02T09:00:00Z').getTime();

/**
 * Chromium offers installation (beforeinstallprompt) only after its own engagement heuristics, which a
 * headless test run never meets; the test sends the event as the browser would, with a prompt that
 * records whether the app asked for it.
 */
async function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as unknown as { promptShown: boolean }).promptShown = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

const banner = (page: Page) => page.getByRole('region', { name: 'Install Linkhive' });

test('the install banner stays away for 7 days after Not now', async ({ page }) => {
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await openPage(page, '/', 'Linkhive');
  await expect(banner(page)).toHaveCount(0);
  expect(await offerInstall(page)).toBe(true);
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Not now' }).click();
  await expect(banner(page)).toHaveCount(0);

  // With the clock paused, stay on the landing page: lazy pages wait on timers to show.
  await page.clock.fastForward(6 * day);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Linkhive' })).toBeVisible();
  expect(await offerInstall(page)).toBe(true);
  await expect(banner(page)).toHaveCount(0);

  await page.clock.fastForward(day - 2_000);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Linkhive' })).toBeVisible();
  expect(await offerInstall(page)).toBe(true);
  await expect(banner(page)).toHaveCount(0);

  // Seven days after the dismissal.
  await page.clock.fastForward(2_000);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Linkhive' })).toBeVisible();
  expect(await offerInstall(page)).toBe(true);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Add Linkhive to your device');
});

test('Install opens the browser prompt, and the banner goes once the app is installed', async ({ page }) => {
  await openPage(page, '/', 'Linkhive');
  await offerInstall(page);
  await banner(page).getByRole('button', { name: 'Install' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown)).toBe(true);
  await expect(banner(page)).toHaveCount(0);

  await offerInstall(page);
  await expect(banner(page)).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(banner(page)).toHaveCount(0);
});

test('the installed app (standalone window) shows no install banner', async ({ page }) => {
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(display-mode: standalone)' ? ({ ...real(query), matches: true } as MediaQueryList) : real(query);
  });
  await openPage(page, '/', 'Linkhive');
  expect(await offerInstall(page)).toBe(true);
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('a waiting new version brings the update prompt; Update reloads into it', async ({ page }) => {
  // A server of its own, whose copy of the app this test replaces with a "next release".
  const server = await startAppServer();
  try {
    await page.goto(`${server.url}/aboutus`);
    await expect(page.getByRole('heading', { level: 1, name: 'About Linkhive' })).toBeVisible();
    await controlledByServiceWorker(page);
    await expect(page.getByText(siteMessages.updatePrompt)).toHaveCount(0);

    publishNextRelease(server.dist, 'next');
    // The browser checks for a new service worker on navigation; the new one installs and waits.
    await page.reload();
    const prompt = page.getByRole('region', { name: 'Update available' });
    await expect(prompt.getByText(siteMessages.updatePrompt)).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      true,
    );

    // Cancel keeps the current version for now.
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page.locator('meta[name="linkhive-release"]')).toHaveCount(0);

    // The next visit asks again; Update lets the new worker take over and reloads into the new release.
    await page.reload();
    await expect(prompt.getByText(siteMessages.updatePrompt)).toBeVisible({ timeout: 15_000 });
    await prompt.getByRole('button', { name: 'Update' }).click();
    await expect(page.locator('meta[name="linkhive-release"]')).toHaveAttribute('content', 'next', {
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'About Linkhive' })).toBeVisible();
    await expect(page.getByText(siteMessages.updatePrompt)).toHaveCount(0);
  } finally {
    await server.close();
  }
});

test('offline, a signed-in user still opens the app and is told that changes will not be saved', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL!, undefined, 'Olive');
  // A user with bookmarks, so that /categories shows them rather than sending a newcomer to the import page.
  const saved = await page.request.post('/api/bookmarks', {
    data: { link: 'https://www.example.com/', title: 'Example', category: 'Work' },
    headers: { origin: baseURL! },
  });
  expect(saved.status()).toBe(201);
  await openPage(page, '/categories', 'Categories');
  await controlledByServiceWorker(page);
  await expect(page.getByText(siteMessages.offline)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The shell comes from the service worker; the failed auth check keeps the last known user.
  await expect(page.getByText(siteMessages.offline)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open profile' })).toHaveText('O');
  expect(page.url()).toMatch(/\/categories$/);

  // Other pages open from the cache too, and no API answer was ever cached.
  await page.goto('/aboutus');
  await expect(page.getByRole('heading', { level: 1, name: 'About Linkhive' })).toBeVisible();
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.filter((u) => u.startsWith('/api/'));
  });
  expect(cachedApi).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText(siteMessages.offline)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open profile' })).toBeVisible();
});
