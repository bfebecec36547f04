import { expect, test, type Page } from '@playwright/test';
import { authMessages as m } from '../shared/src/domain/messages.js';
import { readOutbox } from '../server/src/testing/outbox.js';
import { password, signUpViaApi, uniqueEmail } from './testing/accounts.js';
import { adminEmail } from './playwright.config.js';

// After sign-in the app goes to /categories, which sends a newcomer with no bookmarks on to the import page.
const landing = /\/(categories|import-bookmarks)$/;

/** The path of the newest mailed link of this kind, once at least `count` such mails have arrived. */
async function mailedLink(email: string, mode: 'resetPassword' | 'verifyEmail', count = 1): Promise<string> {
  const links = async () =>
    (await readOutbox(process.env.E2E_DATA_DIR!))
      .filter((x) => x.to === email)
      .map((x) => x.text.match(/https?:\/\/\S+\/actionUrl\?mode=(\w+)&oobCode=\S+/))
      .filter((x) => x?.[1] === mode)
      .map((x) => new URL(x![0]));
  await expect
    .poll(async () => (await links()).length, { message: `${mode} mail in the outbox` })
    .toBeGreaterThanOrEqual(count);
  const link = (await links()).at(-1)!;
  return link.pathname + link.search;
}

/** Opens a verification link, holding the server's answer until the page has shown that it is working. */
async function openVerifyLink(page: Page, link: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/verify', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(page.getByRole('status').getByText('Verifying your email address…')).toBeVisible();
  release();
  await expect(page.getByText(m.verifySuccess)).toBeVisible();
  await page.unroute('**/api/auth/verify');
}

test('a visitor signs up, signs out and signs in again', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page.getByText(m.nameRequired)).toBeVisible();

  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password');
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page.getByText(m.passwordUppercase)).toBeVisible();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page).toHaveURL(landing);
  await expect(page.getByRole('heading', { name: /^(Categories|Import Bookmarks)$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('link', { name: 'Logout' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-passw0rd');
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page.getByText(m.invalidCredentials)).toBeVisible();

  await page.getByLabel('Password').fill('');
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page.getByText(m.loginBothFields)).toBeVisible();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page).toHaveURL(landing);
});

test('a user resets a forgotten password with the link from the outbox', async ({ page, baseURL }) => {
  const { email } = await signUpViaApi(page.request, baseURL!);
  await page.goto('/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  // The form, not the login page still on its way out: its Email field would take the address.
  const send = page.getByRole('button', { name: 'Send reset email' });
  await expect(send).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // The server's answer first, so a failure says whether the request went out and what came back.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/forgot'));
  await send.click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText(m.forgotSuccess).first()).toBeVisible();

  const link = await mailedLink(email, 'resetPassword');
  await page.goto(link);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('New password').fill('');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(m.resetAllFields)).toBeVisible();

  const newPassword = 'Fresh-passw0rd';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(m.resetSuccess).first()).toBeVisible();

  // The code works once.
  await page.goto(link);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('New password').fill('Another-passw0rd');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(`${m.errorPrefix}${m.resetCodeInvalid}`).first()).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page).toHaveURL(landing);
});

test('a signed-out visitor of a protected page signs in and comes back to it', async ({ page, baseURL }) => {
  const { email } = await signUpViaApi(page.request, baseURL!);
  // With a bookmark, /favourites shows its own page rather than sending a newcomer to the import page.
  const saved = await page.request.post('/api/bookmarks', {
    data: { link: 'https://www.example.com/', title: 'Example', category: 'Work' },
    headers: { origin: baseURL! },
  });
  expect(saved.status()).toBe(201);
  await page.request.post('/api/auth/logout', { headers: { origin: baseURL! } });
  await page.goto('/favourites?view=grid');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page).toHaveURL(/\/favourites\?view=grid$/);
  await expect(page.getByRole('heading', { name: 'Favourites' })).toBeVisible();
});

test('a redirect to another site after sign-in is refused', async ({ page, baseURL }) => {
  const { email } = await signUpViaApi(page.request, baseURL!);
  await page.request.post('/api/auth/logout', { headers: { origin: baseURL! } });
  await page.goto('/login?redirect=https://evil.example/steal');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).last().click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/(categories|import-bookmarks)$`));

  await page.goto('/auth?redirect=//evil.example/steal');
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/(categories|import-bookmarks)$`));
});

test('an unknown address shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a new user verifies the address from the welcome mail, and the link works once', async ({ page, baseURL }) => {
  const { email } = await signUpViaApi(page.request, baseURL!);
  await openVerifyLink(page, await mailedLink(email, 'verifyEmail'));
  await expect(page.getByRole('link', { name: 'Go to my bookmarks' })).toHaveAttribute('href', '/categories');
  await expect
    .poll(async () => (await page.request.get('/api/auth/me')).json())
    .toMatchObject({ user: { email, emailVerified: true } });

  // Opened again, the spent link says so.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(m.verifyCodeInvalid);
});

test('a broken verification link offers a new mail, which works', async ({ page, baseURL, browser }) => {
  const { email } = await signUpViaApi(page.request, baseURL!);
  await mailedLink(email, 'verifyEmail');
  await page.goto('/actionUrl?mode=verifyEmail&oobCode=not-a-code');
  await expect(page.getByRole('alert')).toHaveText(m.verifyCodeInvalid);
  await page.getByRole('button', { name: 'Send a new verification email' }).click();
  await expect(page.getByText(m.verifySent)).toBeVisible();
  await openVerifyLink(page, await mailedLink(email, 'verifyEmail', 2));

  // Signed out, the page says why it cannot send one and where to sign in.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/actionUrl?mode=verifyEmail&oobCode=not-a-code');
  await visitorPage.getByRole('button', { name: 'Send a new verification email' }).click();
  await expect(visitorPage.getByText(m.notAuthenticated)).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: 'Login' }).last()).toHaveAttribute('href', /^\/login\?redirect=/);
  await visitor.close();
});

test('the admin page turns away a non-admin and opens for an admin once verified', async ({
  page,
  baseURL,
  browser,
}) => {
  await signUpViaApi(page.request, baseURL!);
  await page.goto('/admin');
  await expect(page.getByText(m.notAuthorised)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Admin settings' }).or(page.getByRole('link', { name: 'Admin settings' })),
  ).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  // Signing up with an ADMIN_EMAILS address proves nothing yet: admin waits for the mailed link.
  await signUpViaApi(adminPage.request, baseURL!, adminEmail, 'Ada');
  await adminPage.goto('/admin');
  await expect(adminPage.getByText(m.notAuthorised)).toBeVisible();
  await openVerifyLink(adminPage, await mailedLink(adminEmail, 'verifyEmail'));

  // The profile, not the categories: without bookmarks those send the user on to the import page,
  // which could land after the click.
  await adminPage.goto('/profile');
  await adminPage
    .getByRole('link', { name: 'Admin settings' })
    .or(adminPage.getByRole('button', { name: 'Admin settings' }))
    .first()
    .click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByText('Approve adverts')).toBeVisible();
  await adminContext.close();
});

test('at 600 px the navigation folds into the drawer', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/categories');
  await expect(page.getByRole('link', { name: 'Favourites' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page
    .getByRole('dialog')
    .or(page.getByRole('navigation', { name: /menu/i }))
    .first();
  await expect(drawer.getByText('Favourites')).toBeVisible();
  await expect(drawer.getByText('Import Bookmarks')).toBeVisible();
});
