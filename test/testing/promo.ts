import { expect, type APIRequest, type APIRequestContext } from '@playwright/test';

/** Playwright's `playwright` fixture, as far as these helpers use it. */
type Playwright = { request: APIRequest };
import { advertSlug } from '../../shared/src/domain/index.js';
import { password, uniqueEmail } from './accounts.js';
import { grant } from './plans.js';

export interface ApprovedAdvert {
  id: string;
  title: string;
  slug: string;
  category: string;
  link: string;
  ownerId: string;
  /** The owner's API context: its cookie is the owner's session (storageState() hands it to a browser). */
  owner: APIRequestContext;
}

/** Letters only: an advert's display name allows no digit 0 and no punctuation but a few. */
const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function signedIn(playwright: Playwright, baseURL: string, firstName: string) {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await request.post('/api/auth/signup', { data: { firstName, email, password } });
  expect(res.status()).toBe(201);
  const me = (await res.json()) as { user: { id: string } };
  return { request, email, id: me.user.id };
}

/**
 * A promo page that is live: an owner submits an advert over the API and an admin (made with the
 * operator's grant) approves it. The E2E server has no Safe Browsing key, so the advert is 'not
 * checked', which may be approved.
 */
export async function approvedAdvert(
  playwright: Playwright,
  baseURL: string,
  name = 'Promo Bakery',
): Promise<ApprovedAdvert> {
  const owner = await signedIn(playwright, baseURL, 'Owner');
  const title = `${name} ${letters()}`;
  const link = `https://${advertSlug(title)}.example.com/`;
  const created = await owner.request.post('/api/adverts', {
    data: {
      title,
      category: 'Food',
      link,
      description: `<p>${'Fresh bread, cakes and pastries baked every morning in our own kitchen. '.repeat(4)}</p>`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const advert = (await created.json()) as { id: string; slug: string };

  const admin = await signedIn(playwright, baseURL, 'Admin');
  await grant(admin.email, 'admin');
  const approved = await admin.request.post(`/api/admin/adverts/${advert.id}/approve`, { data: {} });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.request.dispose();
  return { id: advert.id, title, slug: advert.slug, category: 'Food', link, ownerId: owner.id, owner: owner.request };
}
