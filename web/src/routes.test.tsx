// @vitest-environment jsdom
import { authMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp, signedOut } from './testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('routes', () => {
  it('shows a spinner until the first auth check answers', async () => {
    let answer: (() => void) | undefined;
    const fetch = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => (answer = () => resolve(new Response(null, { status: 401 })))),
    );
    vi.stubGlobal('fetch', fetch);
    renderApp('/');
    // The auth check is asked for, and nothing else until it answers.
    await waitFor(() => expect(fetch.mock.calls.map(([input]) => String(input))).toEqual(['/api/auth/me']));
    expect(screen.getByRole('status').querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe(
      'Loading',
    );
    expect(screen.queryByRole('heading', { name: 'Linkhive' })).toBeNull();
    answer!();
    await heading('Linkhive');
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).toBeNull();
  });

  it('sends a signed-out visitor of a protected page to login with the way back', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    const { location } = renderApp('/favourites?view=grid');
    await heading('Login');
    expect(location().pathname).toBe('/login');
    expect(location().search).toBe(`?redirect=${encodeURIComponent('/favourites?view=grid')}`);
  });

  it('signs in and goes to the redirect path', async () => {
    const me = makeMe();
    const { calls } = fakeServer({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => ({ status: 200, body: me }),
    });
    const { location } = renderApp('/login?redirect=%2Ffavourites');
    await heading('Login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await heading('Favourites');
    await waitFor(() => expect(document.title).toBe('Favourites | Linkhive'));
    expect(location().pathname).toBe('/favourites');
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({
      email: 'ann@example.com',
      password: 'Secret1!',
    });
  });

  it('ignores a redirect to another site and goes to the categories', async () => {
    fakeServer({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': () => ({ status: 200, body: makeMe() }),
    });
    const { location } = renderApp('/login?redirect=%2F%2Fevil.example');
    await heading('Login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await heading('Categories');
    expect(location().pathname).toBe('/categories');
  });

  it('finalises a sign-in at /auth and follows only same-origin paths', async () => {
    fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe() }) });
    const { location } = renderApp('/auth?redirect=%2Fsearch%3Fq%3Dnews');
    await heading('Search');
    expect(location().pathname + location().search).toBe('/search?q=news');
  });

  it('sends a signed-out visitor of /auth to the home page', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    const { location } = renderApp('/auth?redirect=%2Fprofile');
    await heading('Linkhive');
    expect(location().pathname).toBe('/');
  });

  it('shows the not-found page with a way back for unknown paths', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    renderApp('/no/such/page');
    await heading('Page not found');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('refuses /admin to a signed-in user who is not an admin', async () => {
    fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe() }) });
    renderApp('/admin');
    await heading(authMessages.notAuthorised);
    expectShown(screen.getByText('This page is for administrators.'));
    expect(screen.queryByRole('link', { name: /Approve adverts/ })).toBeNull();
  });

  it('shows the admin home to admins', async () => {
    fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe({ admin: true }) }) });
    renderApp('/admin');
    await heading('Administration');
    expect(screen.getByRole('link', { name: /Approve adverts/ }).getAttribute('href')).toBe('/admin/approve-adverts');
  });

  it('shows the reset form only for a reset link with a code', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    renderApp('/actionUrl?mode=recoverEmail&oobCode=x');
    await heading('Reset password');
    expect(screen.getByRole('alert').textContent).toBe(authMessages.resetCodeInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new reset email' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('sends the code from the reset link to the server', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/reset': () => ({ status: 200, body: { message: 'ok' } }),
    });
    renderApp('/actionUrl?mode=resetPassword&oobCode=abc&apiKey=k');
    await heading('Reset password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expectShown(await screen.findByText(authMessages.resetSuccess));
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(calls.find((c) => c.url === '/api/auth/reset')?.body).toEqual({
      oobCode: 'abc',
      email: 'ann@example.com',
      newPassword: 'Secret1!',
    });
  });

  it('logs out from the drawer and ends on the home page', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
      'POST /api/auth/logout': () => ({ status: 200, body: { ok: true } }),
    });
    const { location } = renderApp('/categories');
    await heading('Categories');
    // From now on the server knows nobody.
    fakeServer({ 'GET /api/auth/me': signedOut, 'POST /api/auth/logout': () => ({ status: 200, body: { ok: true } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(
      within(await screen.findByRole('navigation', { name: 'Site menu' })).getByRole('button', { name: 'Logout' }),
    );
    await heading('Linkhive');
    expect(location().pathname).toBe('/');
    expect(calls.some((c) => c.url === '/api/auth/me')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open profile' })).toBeNull());
  });
});
