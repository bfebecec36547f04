// @vitest-environment jsdom
import { advertMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdvert, textOfLength, writeDescription } from '../../testing/adverts';
import { fakeServer, makeMe, renderApp, signedOut } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = () => ({ status: 200, body: makeMe() });
const getStarted = () => screen.getByRole('button', { name: 'Get Started' }) as HTMLButtonElement;

async function openPromote() {
  const view = renderApp('/promote');
  await screen.findByRole('heading', { level: 1, name: 'Free Promo Advert' });
  return view;
}

describe('the promote page', () => {
  it('shows a signed-out visitor the page with Get Started disabled and a way to sign up or log in', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/me': signedOut });
    await openPromote();
    expect(getStarted().disabled).toBe(true);
    expectShown(screen.getByText(advertMessages.signInToPromote));
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup?redirect=%2Fpromote');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fpromote');
    expect(calls.some((c) => c.url.startsWith('/api/adverts'))).toBe(false);
  });

  it('opens the digital business cards dialog, which links to their page', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    await openPromote();
    fireEvent.click(screen.getByRole('button', { name: /Digital business cards/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Digital business cards' });
    expect(within(dialog).getByRole('link', { name: 'About digital business cards' }).getAttribute('href')).toBe(
      '/digital-business-cards',
    );
  });

  it('sends the Promoters Account form and says the advert waits for approval', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/me': signedIn,
      'GET /api/adverts/mine': () => ({ status: 200, body: { advert: null } }),
      'GET /api/categories/suggested': () => ({ status: 200, body: { items: [] } }),
      'POST /api/adverts': () => ({ status: 201, body: makeAdvert() }),
    });
    await openPromote();
    await waitFor(() => expect(getStarted().disabled).toBe(false));
    expect(screen.queryByText(advertMessages.signInToPromote)).toBeNull();
    fireEvent.click(getStarted());
    const dialog = await screen.findByRole('dialog', { name: 'Promoters Account' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /^Display name/ }), {
      target: { value: "Acme' Ltd" },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Category/ }), { target: { value: 'Shops' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Website address/ }), {
      target: { value: 'https://acme.example.com' },
    });
    await writeDescription(textOfLength(300));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit for approval' }));

    const notice = await screen.findByText(advertMessages.submitted);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect((await screen.findByTestId('notification')).textContent).toContain(advertMessages.added);
    expect(screen.getByTestId('advert-status').textContent).toContain('Waiting for approval');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Promoters Account' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/adverts')).toHaveLength(1);
  });

  it('shows an approved advert with its page and the way to edit it instead of the form', async () => {
    fakeServer({
      'GET /api/auth/me': signedIn,
      'GET /api/adverts/mine': () => ({ status: 200, body: { advert: makeAdvert({ status: true }) } }),
    });
    await openPromote();
    const status = await screen.findByTestId('advert-status');
    expect(status.textContent).toContain('Approved');
    expect(within(status).getByRole('link', { name: '/promo/acme-ltd' }).getAttribute('href')).toBe('/promo/acme-ltd');
    expect(within(status).getByRole('link', { name: 'edit it in your profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
  });
});
