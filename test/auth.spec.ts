import { expect, test } from '@playwright/test';
import { authMessages as m } from '../shared/src/domain/messages.js';
import { password, resetLinkFor, signUpViaApi, uniqueEmail } from './support/accounts.js';
import { adminEmail } from './playwright.config.js';

// After sign-in the app goes to /categories, which sends a newcomer with no bookmarks on to the import page.
const landing = /\/(categories|import-bookmarks)$/;

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
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByText(m.forgotSuccess).first()).toBeVisible();

  const link = await resetLinkFor(email);
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

test('the admin page turns away a non-admin and opens for an admin', async ({ page, baseURL, browser }) => {
  await signUpViaApi(page.request, baseURL!);
  await page.goto('/admin');
  await expect(page.getByText(m.notAuthorised)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Admin settings' }).or(page.getByRole('link', { name: 'Admin settings' })),
  ).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  const signup = await adminPage.request.post('/api/auth/signup', {
    data: { firstName: 'Ada', email: adminEmail, password },
    headers: { origin: baseURL! },
  });
  if (signup.status() === 409) {
    await adminPage.request.post('/api/auth/login', {
      data: { email: adminEmail, password },
      headers: { origin: baseURL! },
    });
  }
  await adminPage.goto('/categories');
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
