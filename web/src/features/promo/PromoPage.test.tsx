// @vitest-environment jsdom
import { promoMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, makeProfile, renderApp, signedOut } from '../../testing/renderApp';
import { makePromoPage, makePostPage, writeRichText, writes } from '../../testing/promo';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const path = '/promo/acme-ltd';
const api = '/api/promo/acme-ltd';
const title = "Acme' Ltd";
const ok =
  (body: unknown, status = 200) =>
  () => ({ status, body });
const signedIn = ok(makeMe());

async function openPage(at = path) {
  const view = renderApp(at);
  await screen.findByRole('heading', { level: 1, name: title });
  return view;
}

/** The titles of the posts shown, in order. */
const postTitles = () => screen.getAllByRole('article').map((a) => a.querySelector('h2')?.textContent);
const notice = async () => (await screen.findByTestId('notification')).textContent;

describe('the promo page for visitors', () => {
  it('shows a signed-out visitor the banner, logo, category and tabs, with the feed locked', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/me': signedOut, [`GET ${api}`]: ok(makePromoPage()) });
    await openPage();
    expect(document.title).toBe(`${title} | Linkhive`);
    // The advert has no background picture: the banner shows the default gradient.
    expect(getComputedStyle(screen.getByTestId('promo-banner')).backgroundImage).toMatch(/^linear-gradient/);
    expectShown(screen.getByText('Shops'));
    expect(screen.getByRole('tab', { name: 'Feed' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Followers (4)' }).getAttribute('aria-selected')).toBe('false');
    const feed = screen.getByRole('tabpanel');
    // Locked: the call to follow in place of the posts.
    within(feed).getByRole('heading', { name: promoMessages.followToSee });
    expect(within(feed).queryAllByRole('article')).toEqual([]);
    expect(within(feed).getByRole('button', { name: promoMessages.followNow })).toHaveProperty('disabled', false);
    const visit = screen.getByRole('link', { name: 'Visit website' });
    expect(visit.getAttribute('href')).toBe('https://acme.example.com/');
    expect(visit.getAttribute('rel')).toBe('noopener noreferrer');
    // The posts are not even asked for: the visitor may not read them.
    expect(calls.some((c) => c.url.includes('/posts'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Connect QR' })).toBeNull();
  });

  it('shows the sanitised description from the API in the About tab', async () => {
    const page = makePromoPage();
    page.advert.description = '<h2>Our anvils</h2><ul><li>Heavy</li></ul>';
    fakeServer({ 'GET /api/auth/me': signedOut, [`GET ${api}`]: ok(page) });
    await openPage();
    fireEvent.click(screen.getByRole('tab', { name: 'About' }));
    const about = screen.getByTestId('advert-description');
    expect(about.innerHTML).toBe('<h2>Our anvils</h2><ul><li>Heavy</li></ul>');
  });

  it('sends the visitor to /promote when no approved advert has the slug', async () => {
    fakeServer({
      'GET /api/auth/me': signedOut,
      [`GET ${api}`]: () => ({ status: 404, body: { error: { code: 'not_found', message: promoMessages.notFound } } }),
    });
    const { location } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Free Promo Advert' });
    expect(location().pathname).toBe('/promote');
  });

  it('follows with FOLLOWER ADDED for 3 seconds, shows the posts, and unfollows with UNFOLLOWING', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/me': signedIn,
      [`GET ${api}`]: ok(makePromoPage()),
      [`POST ${api}/follow`]: ok({ following: true, followers: 5 }),
      [`DELETE ${api}/follow`]: ok({ following: false, followers: 4 }),
      [`GET ${api}/posts`]: ok(makePostPage(2)),
    });
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await notice()).toBe(`${promoMessages.followerAddedTitle}: ${promoMessages.followerAdded(title)}`);
    await screen.findByRole('heading', { name: 'Post number 2' });
    expect(postTitles()).toEqual(['Post number 2', 'Post number 1']);
    expect(screen.getByRole('tab', { name: 'Followers (5)' }).getAttribute('aria-selected')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    await waitFor(async () =>
      expect(await notice()).toBe(`${promoMessages.unfollowingTitle}: ${promoMessages.unfollowing(title)}`),
    );
    await screen.findByRole('heading', { name: promoMessages.followToSee });
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(writes(calls)).toEqual([`POST ${api}/follow`, `DELETE ${api}/follow`]);
  });

  it('pages the posts five at a time, newest first, and offers a retry when they fail to load', async () => {
    let fail = true;
    const { calls } = fakeServer({
      'GET /api/auth/me': signedIn,
      [`GET ${api}`]: ok(makePromoPage({ following: true })),
      [`GET ${api}/posts`]: (url) => {
        if (fail) return { status: 500, body: { error: { code: 'internal', message: 'Something broke' } } };
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return { status: 200, body: makePostPage(7, page) };
      },
    });
    await openPage();
    fail = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    const first = await screen.findAllByRole('article');
    expect(first.map((a) => a.querySelector('h2')?.textContent)).toEqual([
      'Post number 7',
      'Post number 6',
      'Post number 5',
      'Post number 4',
      'Post number 3',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2 of the posts' }));
    await screen.findByRole('heading', { name: 'Post number 1' });
    expect(postTitles()).toEqual(['Post number 2', 'Post number 1']);
    expect(calls.filter((c) => c.url.startsWith(`${api}/posts`)).map((c) => c.url)).toContain(`${api}/posts?page=2`);
  });

  it('says so when a follower finds no posts yet', async () => {
    fakeServer({
      'GET /api/auth/me': signedIn,
      [`GET ${api}`]: ok(makePromoPage({ following: true })),
      [`GET ${api}/posts`]: ok(makePostPage(0)),
    });
    await openPage();
    expectShown(await screen.findByText('No posts yet.'));
  });

  it('shares through the share sheet, or copies the link when the sheet reports it cannot share', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut, [`GET ${api}`]: ok(makePromoPage()) });
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {
      throw new Error(promoMessages.shareUnsupported);
    });
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await notice()).toBe(promoMessages.linkCopied);
    expect(share).toHaveBeenCalledWith({ title, url: `${window.location.origin}${path}` });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${path}`);
  });
});

describe('following while signed out', () => {
  it("opens 'Create an account to follow' with the account fields only, then signs up, follows and marks the profile", async () => {
    let following = false;
    const { calls } = fakeServer({
      'GET /api/auth/me': signedOut,
      [`GET ${api}`]: () => ({ status: 200, body: makePromoPage({ following, followers: following ? 5 : 4 }) }),
      'POST /api/auth/signup': ok(makeMe(), 201),
      [`POST ${api}/follow`]: () => {
        following = true;
        return { status: 200, body: { following: true, followers: 5 } };
      },
      'PATCH /api/profile': ok(makeProfile()),
      [`GET ${api}/posts`]: ok(makePostPage(1)),
    });
    const { location } = await openPage(`${path}?source=qr`);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    const dialog = await screen.findByRole('dialog', { name: promoMessages.createAccountToFollow });
    const fields = within(dialog)
      .getAllByRole('textbox')
      .map((f) => f.getAttribute('name'));
    expect(fields).toEqual(['firstName', 'email']);
    expect(
      within(dialog)
        .getByLabelText(/^Password/)
        .getAttribute('type'),
    ).toBe('password');
    expect(within(dialog).queryByLabelText(/^Web address/)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expectShown(await within(dialog).findByText('Name is required'));
    expectShown(within(dialog).getByText('Email is required'));
    expectShown(within(dialog).getByText('Password is required'));

    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Ann' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'Passw0rd!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));

    expect(await notice()).toBe(`${promoMessages.followerAddedTitle}: ${promoMessages.followerAdded(title)}`);
    await screen.findByRole('heading', { name: 'Post number 1' });
    expect(postTitles()).toEqual(['Post number 1']);
    expect(writes(calls)).toEqual(['POST /api/auth/signup', `POST ${api}/follow`, 'PATCH /api/profile']);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ follower: true });
    expect(location().pathname).toBe(path);
    // The QR scan is counted once, not again when the page reloads after the sign-up.
    const loads = calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === api).map((c) => c.url);
    expect(loads[0]).toBe(`${api}?source=qr`);
    expect(loads.slice(1).every((u) => u === api)).toBe(true);
  });
});

describe('the promo page for its owner', () => {
  const owner = () => ({
    'GET /api/auth/me': signedIn,
    [`GET ${api}`]: ok(makePromoPage({ isOwner: true })),
    [`GET ${api}/posts`]: ok(makePostPage(0)),
    [`GET ${api}/stats`]: ok({ days: 30, views: 120, qrScans: 7, newFollowers: 3 }),
    [`GET ${api}/followers`]: ok({ count: 4, items: [{ name: 'Bob', since: '2026-03-04T10:00:00.000Z' }] }),
  });

  it('shows the last 30 days, Connect QR of the share link with a PNG download, and Edit Profile', async () => {
    fakeServer(owner());
    await openPage();
    const stats = screen.getByRole('region', { name: 'Last 30 days' });
    await waitFor(() => expect(within(stats).getByTestId('stat-views').textContent).toBe('120'));
    expect(within(stats).getByTestId('stat-newFollowers').textContent).toBe('3');
    expect(within(stats).getByTestId('stat-qrScans').textContent).toBe('7');
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Connect QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect QR' });
    const link = new URL(within(dialog).getByTestId('qr-link').textContent!);
    expect(link.pathname).toBe('/share');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      url: 'https://acme.example.com/',
      title,
      category: 'Shops',
      connect_uid: 'owner-1',
      slug: 'acme-ltd',
      source: 'qr',
    });
    const download = await within(dialog).findByRole('link', { name: 'Download PNG' });
    expect(download.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    expect(download.getAttribute('download')).toBe('acme-ltd-qr.png');
  });

  it('lists the followers for the owner', async () => {
    fakeServer(owner());
    await openPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Followers (4)' }));
    expectShown(await screen.findByText('Bob'));
  });

  it('checks a new post with the exact messages, shows the API field errors and says Your Post', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { error: { code: 'invalid', message: promoMessages.postContentRequired, field: 'content' } },
    };
    const { calls } = fakeServer({ ...owner(), [`POST ${api}/posts`]: () => answer });
    await openPage();
    const form = await screen.findByRole('form', { name: 'New post' });
    const publish = within(form).getByRole('button', { name: 'Publish post' });
    await screen.findByRole('textbox', { name: 'Content' });
    fireEvent.click(publish);
    expectShown(await within(form).findByText(promoMessages.postTitleRequired));
    expectShown(within(form).getByText(promoMessages.postContentRequired));

    // Whitespace is no content either.
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), { target: { value: 'Spring sale' } });
    await writeRichText('Content', '   ');
    fireEvent.click(publish);
    expectShown(await within(form).findByText(promoMessages.postContentRequired));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await writeRichText('Content', 'Half price on every anvil.');
    fireEvent.click(publish);
    expectShown(await within(form).findByText(promoMessages.postContentRequired));

    answer = {
      status: 201,
      body: { id: 'p9', title: 'Spring sale', content: '<p>x</p>', createdAt: '2026-03-09T00:00:00Z' },
    };
    await writeRichText('Content', 'Half price on every anvil.');
    fireEvent.click(publish);
    expect(await notice()).toBe(`${promoMessages.postTitle}: ${promoMessages.postCreated}`);
    const posted = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(posted.body).toMatchObject({
      title: 'Spring sale',
      content: expect.stringMatching(/^<p>Half.+anvil\.<\/p>$/),
    });
    // The form starts again, empty.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(''));
  });
});
