import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readOutbox, resetCodeFrom } from '../../server/src/testing/outbox.js';

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

export async function resetLinkFor(email: string): Promise<string> {
  await expect
    .poll(async () => (await readOutbox(process.env.E2E_DATA_DIR!)).filter((m) => m.to === email).length, {
      message: 'reset mail in the outbox',
    })
    .toBeGreaterThan(0);
  const mail = (await readOutbox(process.env.E2E_DATA_DIR!)).filter((m) => m.to === email).at(-1)!;
  const code = resetCodeFrom(mail);
  const link = mail.text.match(/https?:\/\/\S+\/actionUrl\?\S+/)![0];
  expect(link).toContain(code);
  return new URL(link).pathname + new URL(link).search;
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
