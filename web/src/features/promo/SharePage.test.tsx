// @vitest-environment jsdom
import { bookmarkMessages, promoMessages, promoShareUrl } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, makeProfile, renderApp, signedOut } from '../../testing/renderApp';
import { makePromoPage, writes } from '../../testing/promo';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const api = '/api/promo/acme-ltd';
const title = "Acme' Ltd";
const ok =
  (body: unknown, status = 200) =>
  () => ({ status, body });
const notFound = () => ({ status: 404, body: { error: { code: 'not_found', message: promoMessages.notFound } } });
const page = makePromoPage();
/** The share link exactly as a promo page's Save link and Connect QR build it, without the origin. */
const shareLink = (extra = '') => promoShareUrl('', page.advert) + extra;
const saved = {
  id: 'b1',
  title,
  link: 'https://acme.example.com/',
  domain: 'acme.example.com',
  category: 'Shops',
  favourite: false,
  screenshot: null,
  screenshotStatus: null,
  faviconUrl: '',
  rssFeed: null,
  promotor: 'acme-ltd',
  createdAt: '2026-03-05T00:00:00.000Z',
  updatedAt: '2026-03-05T00:00:00.000Z',
};
const signedInServer = (over = {}) => ({
  'GET /api/auth/me': ok(makeMe()),
  [`GET ${api}`]: ok(page),
  'GET /api/categories': ok({ items: [] }),
  'GET /api/categories/suggested': ok({ items: ['Shops'] }),
  'POST /api/pages/preview': ok({ title: null, rssFeed: null, screenshot: false }),
  ...over,
});

const shareError = async () => (await screen.findByTestId('share-error')).textContent ?? '';

describe('the share page with bad parameters', () => {
  it('says what is wrong with each parameter and saves nothing', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/me': ok(makeMe()) });
    renderApp(
      '/share?url=javascript:alert(1)&title=' +
        'x'.repeat(51) +
        '&category=%3Cscript%3E&slug=..%2F..%2Fadmin&connect_uid=a%20b',
    );
    const text = await shareError();
    expect(text).toContain(promoMessages.shareInvalid);
    expect(text).toContain(`Web address: ${bookmarkMessages.linkInvalid}`);
    expect(text).toContain(`Title: ${bookmarkMessages.titleTooLong}`);
    expect(text).toContain(`Category: ${bookmarkMessages.categoryCharacters}`);
    expect(text).toContain('Promo page: not valid');
    expect(text).toContain('Promotor: not valid');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
  });

  it('needs an address, and both the slug and the owner for a promo share', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    renderApp('/share?slug=acme-ltd');
    const text = await shareError();
    expect(text).toContain(`Web address: ${bookmarkMessages.linkRequired}`);
    expect(text).toContain('Promotor: missing');
  });

  it('refuses a slug that names no promo page, or an owner who is not the page’s', async () => {
    fakeServer({ 'GET /api/auth/me': ok(makeMe()), [`GET ${api}`]: notFound });
    renderApp(shareLink());
    expect(await shareError()).toContain(`Promo page: ${promoMessages.notFound.toLowerCase()}`);
    cleanup();
    fakeServer({ 'GET /api/auth/me': ok(makeMe()), [`GET ${api}`]: ok(page) });
    renderApp(shareLink().replace('connect_uid=owner-1', 'connect_uid=someone-else'));
    expect(await shareError()).toContain('Promotor: not the owner of this promo page');
  });
});

describe('the share page signed in', () => {
  it('opens the add dialog filled in; Create follows FIRST, then saves with the promotor, then FOLLOWER ADDED', async () => {
    // Like the real server, the account has the category once the bookmark is saved: /categories then
    // stays (with none, the library guard would move on to /import-bookmarks before the check ran).
    let categories: { name: string; count: number }[] = [];
    const { calls } = fakeServer(
      signedInServer({
        [`POST ${api}/follow`]: ok({ following: true, followers: 5 }),
        'POST /api/bookmarks': () => {
          categories = [{ name: 'Shops', count: 1 }];
          return { status: 201, body: saved };
        },
        'GET /api/categories': () => ({ status: 200, body: { items: categories } }),
      }),
    );
    const { location } = renderApp(shareLink('&source=qr'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    expect((within(dialog).getByRole('textbox', { name: /^Web address/ }) as HTMLInputElement).value).toBe(
      'https://acme.example.com/',
    );
    expect((within(dialog).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(title);
    expect((within(dialog).getByRole('combobox', { name: /^Category/ }) as HTMLInputElement).value).toBe('Shops');
    // The scan is counted with the page check.
    expect(calls.some((c) => c.url === `${api}?source=qr`)).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('notification')).textContent).toBe(
      `${promoMessages.followerAddedTitle}: ${promoMessages.followerAdded(title)}`,
    );
    expect(writes(calls)).toEqual([`POST ${api}/follow`, 'POST /api/bookmarks']);
    expect(calls.find((c) => c.url === '/api/bookmarks')?.body).toMatchObject({
      link: 'https://acme.example.com/',
      title,
      category: 'Shops',
      promotor: 'acme-ltd',
    });
    await waitFor(() => expect(location().pathname).toBe('/categories'));
  });

  it('goes back to the promo page it came from, on Create or Cancel', async () => {
    fakeServer(signedInServer());
    const { location } = renderApp(shareLink('&from=promo'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location().pathname).toBe('/promo/acme-ltd'));
  });

  it('saves nothing when the follow finds no page (it was removed meanwhile)', async () => {
    const { calls } = fakeServer(signedInServer({ [`POST ${api}/follow`]: notFound }));
    renderApp(shareLink());
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByTestId('form-error')).textContent).toContain(promoMessages.shareInvalid);
    expect(writes(calls)).toEqual([`POST ${api}/follow`]);
  });

  it('tells the owner that their own page cannot be followed', async () => {
    fakeServer(signedInServer({ [`GET ${api}`]: ok(makePromoPage({ isOwner: true })) }));
    renderApp(shareLink());
    expectShown(await screen.findByText(new RegExp(promoMessages.ownPage)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the share page signed out', () => {
  it('opens the sign-up variant with the link fields, then signs up, follows, saves, marks the profile and opens the page', async () => {
    let following = false;
    const { calls } = fakeServer({
      'GET /api/auth/me': signedOut,
      [`GET ${api}`]: () => ({ status: 200, body: makePromoPage({ following }) }),
      'POST /api/auth/signup': ok(makeMe(), 201),
      [`POST ${api}/follow`]: () => {
        following = true;
        return { status: 200, body: { following: true, followers: 5 } };
      },
      'POST /api/bookmarks': ok(saved, 201),
      'PATCH /api/profile': ok(makeProfile()),
      [`GET ${api}/posts`]: ok({ items: [], total: 0, page: 1, pageSize: 5, locked: false }),
    });
    const { location } = renderApp(shareLink());
    const dialog = await screen.findByRole('dialog', { name: promoMessages.createAccountToFollow });
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe(title);
    expect((within(dialog).getByLabelText(/^Web address/) as HTMLInputElement).value).toBe('https://acme.example.com/');
    expect((within(dialog).getByLabelText(/^Category/) as HTMLInputElement).value).toBe('Shops');

    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Ann' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expectShown(await within(dialog).findByText('At least 8 characters are required'));
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'Passw0rd!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(location().pathname).toBe('/promo/acme-ltd'));
    expect(writes(calls)).toEqual([
      'POST /api/auth/signup',
      `POST ${api}/follow`,
      'POST /api/bookmarks',
      'PATCH /api/profile',
    ]);
    expect(calls.find((c) => c.url === '/api/bookmarks')?.body).toMatchObject({ promotor: 'acme-ltd', title });
    // The promo page's code loads on first use: under a busy test run that can take a while.
    expect(await screen.findByRole('button', { name: 'Unfollow' }, { timeout: 15_000 })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('goes on from the failed step when Sign Up is pressed again', async () => {
    let bookmarkAnswers = 0;
    const { calls } = fakeServer({
      'GET /api/auth/me': signedOut,
      [`GET ${api}`]: ok(page),
      'POST /api/auth/signup': ok(makeMe(), 201),
      [`POST ${api}/follow`]: ok({ following: true, followers: 5 }),
      'POST /api/bookmarks': () =>
        ++bookmarkAnswers === 1
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 201, body: saved },
      'PATCH /api/profile': ok(makeProfile()),
    });
    renderApp(shareLink());
    const dialog = await screen.findByRole('dialog', { name: promoMessages.createAccountToFollow });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Ann' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'Passw0rd!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expectShown(await within(dialog).findByText('Something went wrong'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(writes(calls).at(-1)).toBe('PATCH /api/profile'));
    expect(writes(calls)).toEqual([
      'POST /api/auth/signup',
      `POST ${api}/follow`,
      'POST /api/bookmarks',
      'POST /api/bookmarks',
      'PATCH /api/profile',
    ]);
  });
});

describe('a share link without a promotor', () => {
  it('only saves the link, says Bookmarked and goes to /categories', async () => {
    const { calls } = fakeServer(
      signedInServer({ 'POST /api/bookmarks': ok({ ...saved, title: 'Example', promotor: null }, 201) }),
    );
    const { location } = renderApp('/share?url=https%3A%2F%2Fexample.com%2F&title=Example&category=News');
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('notification')).textContent).toBe(
      `${bookmarkMessages.bookmarkedTitle}: ${bookmarkMessages.bookmarked('Example', 'Shops')}`,
    );
    expect(writes(calls)).toEqual(['POST /api/bookmarks']);
    expect(calls.find((c) => c.url === '/api/bookmarks')?.body).toMatchObject({ promotor: null, category: 'News' });
    await waitFor(() => expect(location().pathname).toBe('/categories'));
  });
});
