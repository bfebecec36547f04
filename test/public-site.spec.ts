import { expect, test, type Page } from '@playwright/test';
import { billingMessages } from '../shared/src/domain/plans.js';
import { carouselIntervalMs } from '../shared/src/domain/site.js';
import { signUpViaApi } from './testing/accounts.js';
import { openPage } from './testing/site.js';

const start = new Date('2026-03-02T09:00:00Z').getTime();

const slide = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Highlights' }).getByRole('heading', { name: title });

test('the hero carousel moves on every 8 seconds, and pauses, plays and steps on request', async ({ page }) => {
  await page.clock.install({ time: start });
  // Time stands still until the test moves it.
  await page.clock.pauseAt(start + 1_000);
  await openPage(page, '/', 'Linkhive');
  const first = slide(page, 'Save any page in two clicks');
  const second = slide(page, 'Favourites you recognise at a glance');
  await expect(first).toBeVisible();
  await expect(second).toBeHidden();

  await page.clock.runFor(carouselIntervalMs - 1);
  await expect(first).toBeVisible();
  await page.clock.runFor(1);
  await expect(second).toBeVisible();
  await expect(first).toBeHidden();

  const carousel = page.getByRole('region', { name: 'Highlights' });
  await carousel.getByRole('button', { name: 'Pause slides' }).click();
  await page.clock.runFor(3 * carouselIntervalMs);
  await expect(second).toBeVisible();

  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(slide(page, 'Bring the bookmarks you already have')).toBeVisible();
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect(first).toBeVisible();
  await carousel.getByRole('button', { name: 'Show slide 5 of 5' }).click();
  await expect(slide(page, 'A free promo page for your business')).toBeVisible();

  // The pause button is reachable from the keyboard and plays again; after the last slide comes the first.
  await carousel.getByRole('button', { name: 'Play slides' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: 'Pause slides' })).toBeFocused();
  await page.clock.runFor(carouselIntervalMs);
  await expect(first).toBeVisible();
});

test('for people who ask for reduced motion the carousel turns only once they press play, without a fade', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
  await openPage(page, '/', 'Linkhive');
  const carousel = page.getByRole('region', { name: 'Highlights' });
  const picker = (n: number) => carousel.getByRole('button', { name: `Show slide ${n} of 5` });
  await expect(carousel.getByRole('button', { name: 'Play slides' })).toBeVisible();
  await expect(picker(1)).toHaveAttribute('aria-current', 'true');

  await page.clock.runFor(2 * carouselIntervalMs);
  // A step by hand lands on the second slide only if the wait turned nothing: a turn would have gone further.
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(slide(page, 'Favourites you recognise at a glance')).toBeVisible();
  await expect(picker(2)).toHaveAttribute('aria-current', 'true');
  await expect(slide(page, 'Save any page in two clicks')).toBeHidden();

  // Slides change without a fade, and turn on their own once play is pressed.
  const group = carousel.getByRole('group', { name: '2 of 5' });
  await expect(group).toHaveCSS('transition-duration', '0s');
  await carousel.getByRole('button', { name: 'Play slides' }).click();
  await expect(carousel.getByRole('button', { name: 'Pause slides' })).toBeVisible();
  await page.clock.runFor(carouselIntervalMs);
  await expect(slide(page, 'Bring the bookmarks you already have')).toBeVisible();
  await expect(picker(3)).toHaveAttribute('aria-current', 'true');
});

test('the Features and Pricing links scroll to their sections, also from another page', async ({ page, context }) => {
  const main = page.getByRole('navigation', { name: 'Main' });
  const below = async (name: string, on = page) => {
    const heading = on.getByRole('heading', { level: 2, name, exact: true });
    await expect(heading).toBeInViewport();
    // Not hidden under the sticky top bar.
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(56);
  };

  await openPage(page, '/aboutus', 'About Linkhive');
  await main.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/#features$/);
  await below('Features');

  await main.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await below('Pricing');
  await expect(page.locator('#pricing').getByRole('heading', { name: 'Enterprise' })).toBeVisible();

  // Opened directly, as from a bookmark or a shared link.
  for (const [hash, name] of [
    ['#features', 'Features'],
    ['#pricing', 'Pricing'],
  ]) {
    const fresh = await context.newPage();
    await fresh.goto(`/${hash}`);
    await below(name!, fresh);
    await fresh.close();
  }
});

test('the yearly switch shows 54, 108 and 216 beside the struck twelve-month prices', async ({ page }) => {
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  const card = (plan: string) => pricing.locator(`[data-plan="${plan}"]`);
  await expect(card('pro').getByTestId('plan-price')).toContainText('£4.99/month');
  await expect(card('business').getByTestId('plan-price')).toContainText('£9.99/month');
  await expect(card('enterprise').getByTestId('plan-price')).toContainText('£19.99/month');
  await expect(pricing.getByText('SAVE 10%', { exact: true })).toHaveCount(0);

  await pricing.getByRole('switch', { name: 'Yearly billing' }).check();
  for (const [plan, yearly, struck] of [
    ['pro', '£54', '£59.88'],
    ['business', '£108', '£119.88'],
    ['enterprise', '£216', '£239.88'],
  ]) {
    const price = card(plan!).getByTestId('plan-price');
    await expect(price).toContainText(`${yearly}/year`);
    const was = price.locator('s');
    await expect(was).toHaveText(struck!);
    await expect(was).toHaveCSS('text-decoration-line', 'line-through');
    await expect(price.getByText('SAVE 10%', { exact: true })).toBeVisible();
  }
  await expect(card('free').getByTestId('plan-price')).toContainText('£0/year');
  await expect(card('free').locator('s')).toHaveCount(0);
});

test('a visitor who picks a paid plan is asked to sign up and comes back to the plan', async ({ page }) => {
  await openPage(page, '/subscriptions/business', 'Business plan');
  await page.locator('[data-plan="business"]').getByRole('button', { name: 'Choose Business' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fsubscriptions%2Fbusiness$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
});

test('checkout sends the chosen price and shows the server refusal while billing is off', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  const plans = (await (await page.request.get('/api/plans')).json()) as {
    items: { key: string; prices: { id: string; interval: string }[] }[];
  };
  const yearly = plans.items.find((p) => p.key === 'pro')!.prices.find((p) => p.interval === 'year')!;

  await openPage(page, '/subscriptions/pro', 'Pro plan');
  const pro = page.locator('[data-plan="pro"]');
  await expect(pro).toHaveAttribute('data-highlighted', 'true');
  await expect(pro.getByText('Selected', { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Yearly billing' }).check();
  const checkout = page.waitForRequest((r) => r.url().endsWith('/api/billing/checkout') && r.method() === 'POST');
  await pro.getByRole('button', { name: 'Choose Pro' }).click();
  expect((await checkout).postDataJSON()).toEqual({ priceId: yearly.id });
  await expect(pro.getByRole('alert')).toHaveText(billingMessages.notConfigured);
  await expect(pro.getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
  await expect(page).toHaveURL(/\/subscriptions\/pro$/);
});

test('each plan page lists the features of its plan and highlights it', async ({ page }) => {
  for (const [key, title, feature] of [
    ['pro', 'Pro plan', 'Up to 10 workspace groups'],
    ['business', 'Business plan', 'Up to 20 workspace groups'],
    ['enterprise', 'Enterprise plan', 'Unlimited workspace groups'],
  ]) {
    await openPage(page, `/subscriptions/${key}`, title!);
    const included = page.getByRole('list', { name: /includes$/ });
    await expect(included.getByText(feature!, { exact: true })).toBeVisible();
    await expect(page.locator(`[data-plan="${key}"]`)).toHaveAttribute('data-highlighted', 'true');
    await expect(page.locator('[data-highlighted="true"]')).toHaveCount(1);
  }
  await openPage(page, '/subscriptions', 'Plans and pricing');
  await expect(page.locator('[data-plan]')).toHaveCount(4);
  // Without a checkout to confirm, the page says where the plan shows (billing.spec.ts pays first).
  await openPage(page, '/payment/success', 'Check your subscription');
  await expect(page.getByRole('link', { name: 'View my subscription' })).toHaveAttribute('href', '/profile');
});

test('the landing page carries Open Graph tags and each page its own title and description', async ({ page }) => {
  await openPage(page, '/', 'Linkhive');
  const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
  expect(await meta('property="og:title"')).toContain('Linkhive');
  expect(await meta('property="og:description"')).toBeTruthy();
  expect(await meta('property="og:type"')).toBe('website');
  await expect.poll(() => meta('property="og:url"')).toMatch(/^http:\/\/localhost:\d+\/$/);
  await expect.poll(() => meta('property="og:image"')).toMatch(/^http:\/\/localhost:\d+\/icons\/og-image\.png$/);
  const image = await page.request.get((await meta('property="og:image"'))!);
  expect(image.headers()['content-type']).toBe('image/png');

  const seen = new Set<string>();
  for (const path of ['/', '/policy', '/terms', '/subscriptions/pro', '/digital-business-cards']) {
    await page.goto(path);
    await expect(page).toHaveTitle(/ \| Linkhive$/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description!.length).toBeGreaterThan(50);
    expect(description!.length).toBeLessThanOrEqual(160);
    seen.add(description!);
  }
  expect(seen.size).toBe(5);
});

test('the Watch video button stays hidden when no video address is set', async ({ page }) => {
  await openPage(page, '/', 'Linkhive');
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Watch video' })).toHaveCount(0);
});
