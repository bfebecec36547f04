import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { signUpViaApi } from './testing/accounts.js';
import { grant } from './testing/plans.js';
import { openPage, pauseCarousel, seriousViolations } from './testing/site.js';

// Every run of beforeAll makes its own adverts, named with a word of that run only (letters: an
// advert's title allows no 0), so the searches below find them and nothing other tests make on the
// shared server. A worker may run beforeAll again when it comes back to this file after another.
let runs = 0;
let tag = '';
/** A word in one description only, not in any title. */
let secret = '';

interface Made {
  id: string;
  slug: string;
  title: string;
  link: string;
  category: string;
  ownerId: string;
}

const contexts: APIRequestContext[] = [];
let anvils: Made;
let bikes: Made;
let hidden: Made;

async function signedIn(playwright: { request: APIRequest }, baseURL: string) {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  contexts.push(request);
  const { email } = await signUpViaApi(request, baseURL);
  const me = (await (await request.get('/api/auth/me')).json()) as { user: { id: string } };
  return { request, email, id: me.user.id };
}

/** One advert a user: each has its own owner. */
async function submit(owner: Awaited<ReturnType<typeof signedIn>>, title: string, category: string, text: string) {
  const link = `https://${title.toLowerCase().replace(/ /g, '-')}.example.com/`;
  const description = `<p>${text} ${'Made by hand in a small workshop and sold at fair prices to everyone. '.repeat(4)}</p>`;
  const res = await owner.request.post('/api/adverts', { data: { title, category, link, description } });
  expect(res.status(), await res.text()).toBe(201);
  const { id, slug } = (await res.json()) as { id: string; slug: string };
  return { id, slug, title, link, category, ownerId: owner.id };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  tag = `${process.pid}${Date.now()}${++runs}`.replace(/\d/g, (d) => 'kbcdefghij'[Number(d)]!);
  secret = `${tag}zebra`;
  const Tag = tag.charAt(0).toUpperCase() + tag.slice(1);
  const admin = await signedIn(playwright, baseURL!);
  await grant(admin.email, 'admin');
  const approve = async (advert: Made) => {
    const res = await admin.request.post(`/api/admin/adverts/${advert.id}/approve`, { data: {} });
    expect(res.status(), await res.text()).toBe(200);
  };
  anvils = await submit(await signedIn(playwright, baseURL!), `Pc ${Tag} Anvils`, 'Tools', 'Anvils and tongs.');
  await approve(anvils);
  bikes = await submit(
    await signedIn(playwright, baseURL!),
    `Pc ${Tag} Bikes`,
    'Sport',
    `Bicycles, and the ${secret} bell.`,
  );
  await approve(bikes);
  // Waiting for approval: not on the landing page.
  hidden = await submit(await signedIn(playwright, baseURL!), `Pc ${Tag} Hidden`, 'Food', 'Bread.');
});

// Emptied as it goes: a worker that comes back to this file runs beforeAll and afterAll again, and a
// context disposed the first time must not be disposed twice.
test.afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
});

const section = (page: Page) => page.getByRole('region', { name: 'Promotors', exact: true });
const search = (page: Page) => section(page).getByRole('searchbox', { name: 'Search promotors' });
const card = (page: Page, title: string) => section(page).getByRole('article', { name: title });

/** The landing page scrolled down to the carousel, narrowed to the cards whose text holds `query`. */
async function promotors(page: Page, query: string) {
  await openPage(page, '/', 'Linkhive');
  await section(page).scrollIntoViewIfNeeded();
  await search(page).fill(query);
  await expect(section(page).getByRole('status')).toContainText(`“${query}”`);
}

test('the Promotors carousel loads as it nears the viewport and lists approved adverts, newest first', async ({
  page,
}) => {
  const listed: string[] = [];
  page.on('request', (r) => r.url().includes('/api/adverts') && listed.push(r.url()));
  await openPage(page, '/', 'Linkhive');
  await page.waitForLoadState('networkidle');
  // Far below the fold: neither its code nor its request comes with the first load.
  expect(listed).toEqual([]);
  await expect(search(page)).toHaveCount(0);

  await section(page).scrollIntoViewIfNeeded();
  await expect(search(page)).toBeVisible();
  await expect.poll(() => listed.length).toBeGreaterThan(0);
  await expect(section(page).getByRole('link', { name: 'Create Advert' })).toBeVisible();

  await search(page).fill(tag);
  await expect(section(page).getByRole('status')).toHaveText(`2 promotors matching “${tag}”`);
  await expect(section(page).getByRole('heading', { level: 3 })).toHaveText([bikes.title, anvils.title]);
  await expect(card(page, hidden.title)).toHaveCount(0);
  await expect(card(page, anvils.title)).toContainText('Anvils and tongs. Made by hand');
  await expect(card(page, anvils.title)).toContainText('…');
  await pauseCarousel(page, 'Highlights');
  expect(await seriousViolations(page)).toEqual([]);
});

test('typing a word of one description, in any case, leaves only that card', async ({ page }) => {
  await promotors(page, secret.toUpperCase());
  await expect(section(page).getByRole('status')).toHaveText(`1 promotor matching “${secret.toUpperCase()}”`);
  await expect(section(page).getByRole('article')).toHaveCount(1);
  await expect(card(page, bikes.title)).toBeVisible();

  await search(page).fill(`${tag}nothing`);
  await expect(section(page).getByRole('status')).toHaveText(`No promotor matches “${tag}nothing”.`);
  await expect(section(page).getByRole('article')).toHaveCount(0);
});

test('Visit opens the promo page', async ({ page }) => {
  await promotors(page, secret);
  await card(page, bikes.title)
    .getByRole('link', { name: `Visit ${bikes.title}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/promo/${bikes.slug}$`));
});

test('Add opens the share page with the promotor’s link, title, category, owner and slug', async ({ page }) => {
  await promotors(page, secret);
  await card(page, bikes.title)
    .getByRole('button', { name: `Add ${bikes.title}` })
    .click();
  await expect(page).toHaveURL(/\/share\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    url: bikes.link,
    title: bikes.title,
    category: bikes.category,
    connect_uid: bikes.ownerId,
    slug: bikes.slug,
  });
});

test('Create Advert leads to /promote', async ({ page }) => {
  await openPage(page, '/', 'Linkhive');
  await section(page).scrollIntoViewIfNeeded();
  await section(page).getByRole('link', { name: 'Create Advert' }).click();
  await expect(page).toHaveURL(/\/promote$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Free Promo Advert' })).toBeVisible();
});

test('on a phone the carousel shows a card a slide, steps by hand, fits the width and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await promotors(page, tag);
  const carousel = section(page).getByRole('region', { name: 'Promotor cards' });
  await carousel.getByRole('button', { name: 'Pause slides' }).click();
  await expect(carousel.getByRole('heading', { level: 3 })).toHaveText([bikes.title]);
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(carousel.getByRole('heading', { level: 3 })).toHaveText([anvils.title]);
  await expect(carousel.getByRole('button', { name: 'Show slide 2 of 2' })).toHaveAttribute('aria-current', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  await pauseCarousel(page, 'Highlights');
  expect(await seriousViolations(page)).toEqual([]);
});

test("the QR tool makes the code of a promo page's share link, named by the promo title", async ({ page }) => {
  await openPage(page, '/digital-business-cards', 'Digital Business Cards');
  const tool = page.getByRole('form', { name: 'QR code' });
  await tool.getByRole('combobox', { name: 'Promo page' }).fill(secret);
  await page.getByRole('option', { name: new RegExp(bikes.title) }).click();
  const code = page.getByRole('img', { name: /^QR code for / });
  await expect(code).toHaveAttribute('src', /^data:image\/png;base64,/);
  const link = new URL(await tool.getByLabel('Web address').inputValue());
  expect(link.pathname).toBe('/share');
  expect(link.searchParams.get('connect_uid')).toBe(bikes.ownerId);
  expect(link.searchParams.get('source')).toBe('qr');
  await expect(page.getByText(bikes.title, { exact: true })).toBeVisible();
});
