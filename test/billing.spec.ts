import { expect, test, type Page } from '@playwright/test';
import { billingMessages, feedMessages } from '../shared/src/domain/index.js';
import { startStripeFake, type StripeFake } from '../server/src/testing/stripe-fake/index.js';
import { fixtureUrl, password, uniqueEmail } from './testing/accounts.js';
import { startRestartableServer, type RestartableServer } from './testing/appServer.js';
import { seriousViolations } from './testing/site.js';

// A server of its own, billing through the local Stripe fake: its hosted checkout and portal pages
// stand in for Stripe's, and it signs the webhooks it sends back as Stripe does.
test.describe.configure({ timeout: 90_000 });

let fake: StripeFake;
let server: RestartableServer;
test.beforeAll(async () => {
  fake = await startStripeFake();
  fake.seedPlans();
  // 'localhost' may be fetched: the fixture feeds stand in for the outside web.
  server = await startRestartableServer({ ...fake.env, FETCH_ALLOW_HOSTS: 'localhost' });
  fake.webhookUrl = `${server.url}/api/billing/webhook`;
});
test.afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const slow = { timeout: 15_000 };

async function signUp(page: Page) {
  const res = await page.request.post(`${server.url}/api/auth/signup`, {
    data: { firstName: 'Bea', email: uniqueEmail('buyer'), password },
    headers: { origin: server.url },
  });
  expect(res.status()).toBe(201);
  // The feed has 60 items: a free plan reads 50 of them.
  const feed = fixtureUrl(`/feeds/rss090-rdf-heise.xml?run=${process.pid}-${Date.now()}`);
  const saved = await page.request.post(`${server.url}/api/bookmarks`, {
    data: { link: 'https://heise.example.com/', title: 'Heise News', category: 'News', rssFeed: feed },
    headers: { origin: server.url },
  });
  expect(saved.status()).toBe(201);
}

/** The plans once the server has read Stripe's catalogue (it does so in the background at start). */
async function stripePrices(page: Page) {
  await expect
    .poll(async () => {
      const plans = (await (await page.request.get(`${server.url}/api/plans`)).json()) as {
        items: { key: string; prices: { id: string }[] }[];
      };
      return plans.items.find((p) => p.key === 'pro')?.prices.every((p) => p.id.startsWith('price_'));
    })
    .toBe(true);
}

test('a user pays for Pro on the hosted checkout, comes back to the plan, reads every feed item and cancels at period end', async ({
  page,
}) => {
  await signUp(page);
  await stripePrices(page);
  await page.goto(`${server.url}/rss-feeds`);
  await expect(page.getByRole('alert').filter({ hasText: feedMessages.freeLimit(60) })).toBeVisible(slow);

  await page.goto(`${server.url}/subscriptions/pro`);
  const pro = page.locator('[data-plan="pro"]');
  await pro.getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/`), slow);
  await page.getByRole('button', { name: 'Pay' }).click();

  // The fake sends the buyer back before its webhooks: the page waits for them, then says so.
  await expect(page).toHaveURL(/\/payment\/success\?session_id=/, slow);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible(slow);
  await expect(page.getByText(billingMessages.activated)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${server.url}/profile`);
  const box = page.getByRole('region', { name: 'Your subscription' });
  await expect(box.getByTestId('subscription-plan')).toContainText('Pro', slow);
  await expect(box.getByText('Monthly')).toBeVisible();
  await expect(box.getByText('Cancelled')).toHaveCount(0);

  await page.goto(`${server.url}/rss-feeds`);
  await expect(page.getByText(/^60 items · 1 source/)).toBeVisible(slow);
  await expect(page.getByRole('alert').filter({ hasText: feedMessages.freeLimit(60) })).toHaveCount(0);

  await page.goto(`${server.url}/profile`);
  await page.getByRole('region', { name: 'Your subscription' }).getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/portal/`), slow);
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  // The portal shows the change once its webhook has been answered.
  await expect(page.getByText(/cancels at period end/)).toBeVisible(slow);
  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(`${server.url}/profile`);
  const after = page.getByRole('region', { name: 'Your subscription' });
  await expect(after.getByText('Cancelled')).toBeVisible(slow);
  await expect(after.getByTestId('subscription-plan')).toContainText('Pro');
  expect(await seriousViolations(page)).toEqual([]);
});
