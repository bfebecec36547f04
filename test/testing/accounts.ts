import { expect, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';

export const password = 'Passw0rd!';
let n = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${Date.now()}-${++n}@e2e.test`;

/** Signs up through the API from the page's context, so the browser holds the session cookie. */
export async function signUpViaApi(
  request: APIRequestContext,
  baseURL: string,
  email = uniqueEmail(),
  firstName = 'Ann',
) {
  const res = await request.post('/api/auth/signup', {
    data: { firstName, email, password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return { email, firstName };
}

/**
 * Signs a new user up in the page's browser, and answers an API client with the page's session
 * that writes as the web app does (same origin: the server refuses writes from elsewhere).
 */
export async function signedInApi(page: Page, baseURL: string, playwright: { request: APIRequest }) {
  await signUpViaApi(page.request, baseURL);
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
    storageState: await page.request.storageState(),
  });
}

export async function expectSignedIn(page: Page) {
  await expect(
    page
      .getByRole('button', { name: /account|profile/i })
      .or(page.getByRole('link', { name: /profile/i }))
      .first(),
  ).toBeVisible();
}

/** An address on the local fixture server, by the name the server is allowed to fetch. */
export const fixtureUrl = (p: string) => `http://localhost:${process.env.E2E_FIXTURE_PORT}${p}`;
