import { expect, test, type Browser, type Page } from '@playwright/test';
import { groupMessages as m } from '../shared/src/domain/index.js';
import { readOutbox } from '../server/src/testing/outbox.js';
import { fixtureUrl, password, signUpViaApi, uniqueEmail } from './testing/accounts.js';
import { seriousViolations } from './testing/site.js';

const slow = { timeout: 15_000 };
const feedsPage = fixtureUrl('/pages/firefox-feeds-test-page-rss-relative.html');
const wikiPage = fixtureUrl('/pages/wikipedia-fr-article-atom-alternate.html');

/** The invitation link mailed to `email`, as a path on this server. */
async function mailedInvite(email: string): Promise<string> {
  const links = async () =>
    (await readOutbox(process.env.E2E_DATA_DIR!))
      .filter((mail) => mail.to.includes(email))
      .map((mail) => mail.text.match(/https?:\/\/\S+\/teams\/workspace\/auth\?token=[0-9a-f]{40}/)?.[0])
      .filter((link): link is string => !!link);
  await expect.poll(async () => (await links()).length, { message: 'invitation in the outbox' }).toBe(1);
  const link = new URL((await links())[0]!);
  return link.pathname + link.search;
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Adds a link through the owner's Add Link dialog; the page lookup fills in the title. */
async function addLink(page: Page, address: string, title: string) {
  await page.getByRole('button', { name: 'Add Link' }).click();
  const form = page.getByRole('form', { name: 'Add Link' });
  await form.getByLabel('Web address').fill(address);
  await expect(form.getByLabel('Title')).toHaveValue(title, slow);
  await form.getByLabel('Category').fill('Reading');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('notification')).toContainText(m.linkAdded);
}

test('an owner invites by mail; the invitee signs up from the link, joins, and sees the owner’s new link live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page.request, baseURL!, uniqueEmail('owner'), 'Olive');
  const invitee = uniqueEmail('invitee');

  await page.goto('/teams/workspace');
  await expect(page.getByText(m.noGroups)).toBeVisible(slow);
  await page.getByRole('button', { name: 'Create & Invite' }).click();
  const create = page.getByRole('form', { name: 'Create & Invite' });
  await create.getByLabel('Group name').fill('Design team');
  await create.getByLabel('Email to invite (optional)').fill(invitee);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('notification')).toContainText(m.groupCreatedInvited);
  await expect(page.getByRole('heading', { level: 1, name: 'Design team' })).toBeVisible();
  await addLink(page, feedsPage, 'Feeds test page');
  const ownerLinks = page.getByRole('list', { name: 'Links of Design team' });
  await expect(ownerLinks.getByText('Feeds test page')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The invitee has no account: the link leads to the login, whose Sign Up keeps the way back.
  const guest = await newPage(browser, baseURL!);
  await guest.goto(await mailedInvite(invitee));
  await expect(guest).toHaveURL(/\/login\?redirect=/, slow);
  await guest.getByRole('link', { name: 'No account? Sign Up' }).click();
  await guest.getByLabel('First name').fill('Ivy');
  await guest.getByLabel('Email').fill(invitee);
  await guest.getByLabel('Password').fill(password);
  await guest.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(guest).toHaveURL(/\/teams\/workspace\/auth\?token=/, slow);
  await expect(guest.getByText(m.validToken)).toBeVisible(slow);
  await expect(guest.getByText(m.joined)).toBeVisible();
  expect(await seriousViolations(guest)).toEqual([]);

  // Two seconds later the member is in the workspace, with the group's links.
  await expect(guest).toHaveURL(/\/teams\/workspace$/, slow);
  await expect(guest.getByRole('heading', { level: 1, name: 'Design team' })).toBeVisible(slow);
  const memberLinks = guest.getByRole('list', { name: 'Links of Design team' });
  await expect(memberLinks.getByText('Feeds test page')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Add Link' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Workspace' })).toBeVisible();

  // The owner adds a link; the member's open page shows it without a reload.
  const loads: string[] = [];
  guest.on('framenavigated', (frame) => frame === guest.mainFrame() && loads.push(frame.url()));
  await addLink(page, wikiPage, 'Miniflux — Wikipédia');
  await expect(memberLinks.getByText('Miniflux — Wikipédia')).toBeVisible();
  expect(loads).toEqual([]);

  // Its page is read after it was added (issue 30): the member finds it by a word only in the
  // article (its author, typed without the accent), with the passage marked; not in titles only.
  const [group] = (await (await guest.request.get('/api/groups')).json()).items;
  await expect
    .poll(async () => (await (await guest.request.get(`/api/groups/${group.id}/links?q=guillot`)).json()).total, slow)
    .toBe(1);
  await guest.getByRole('searchbox', { name: 'Search links' }).fill('guillot');
  await expect(memberLinks.getByRole('listitem')).toHaveCount(1);
  await expect(memberLinks.getByTestId('search-snippet').locator('mark')).toHaveText(['Guillot']);
  await guest.getByRole('switch', { name: 'Titles only' }).click();
  await expect(guest.getByText(m.noResults)).toBeVisible();
  await guest.getByRole('switch', { name: 'Titles only' }).click();
  await expect(memberLinks.getByRole('link', { name: 'Miniflux — Wikipédia' })).toBeVisible();
  expect(await seriousViolations(guest)).toEqual([]);
  await guest.getByRole('searchbox', { name: 'Search links' }).fill('');

  // The mailed link works once: the same link again only says so.
  await guest.goto(await mailedInvite(invitee));
  await expect(guest.getByText(m.alreadyMember)).toBeVisible(slow);
  await guest.context().close();
});

test('a Free owner’s second group gets the upgrade message with Upgrade Now', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  const first = await page.request.post('/api/groups', { data: { name: 'First' }, headers: { origin: baseURL! } });
  expect(first.status()).toBe(201);

  await page.goto('/teams/workspace');
  await expect(page.getByRole('heading', { level: 1, name: 'First' })).toBeVisible(slow);
  await page.getByRole('button', { name: 'Create & Invite' }).click();
  const create = page.getByRole('form', { name: 'Create & Invite' });
  await create.getByLabel('Group name').fill('Second');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByText(m.upgradeGroups)).toBeVisible();
  await expect(create.getByRole('link', { name: m.upgradeNow })).toHaveAttribute('href', '/subscriptions');
  const groups = await (await page.request.get('/api/groups')).json();
  expect(groups.items.map((g: { name: string }) => g.name)).toEqual(['First']);
});
