// @vitest-environment jsdom
import { bookmarkMessages, saveMessages } from '@linkhive/shared/domain';
import { bookmark } from '@linkhive/shared/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp, signedOut } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok =
  (body: unknown, status = 200) =>
  () => ({ status, body });
const saved = bookmark({ link: 'https://example.com/a?b=1', title: 'An article', category: 'Work' });
const signedIn = (over = {}) => ({
  'GET /api/auth/me': ok(makeMe()),
  'GET /api/categories': ok({ items: [{ name: 'Work', count: 1 }] }),
  'GET /api/categories/suggested': ok({ items: ['Work'] }),
  'POST /api/pages/preview': ok({ title: null, rssFeed: null, screenshot: false }),
  'POST /api/bookmarks': ok(saved, 201),
  ...over,
});
const savePath = (query: Record<string, string>) => `/save?${new URLSearchParams(query)}`;
/** What changes something: the page lookup (a POST too) only reads. */
const writes = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method !== 'GET' && c.url !== '/api/pages/preview');

async function createIn(category: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
  fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Category' }), { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: category }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  return dialog;
}

describe('the save page', () => {
  it('opens the Add Link dialog filled in, and saves only when Create is pressed', async () => {
    const { calls } = fakeServer(signedIn());
    const { location } = renderApp(savePath({ url: 'https://example.com/a?b=1', title: 'An article' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    expect(within(dialog).getByRole('textbox', { name: /^Web address/ })).toHaveProperty(
      'value',
      'https://example.com/a?b=1',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveProperty('value', 'An article');
    expect(writes(calls)).toEqual([]);
    // Behind the dialog, which hides it from assistive technology meanwhile.
    expect(screen.getByRole('heading', { level: 1, name: saveMessages.heading, hidden: true })).toBeTruthy();

    await createIn('Work');
    expect((await screen.findByTestId('notification')).textContent).toContain(
      bookmarkMessages.bookmarked('An article', 'Work'),
    );
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/bookmarks')?.body).toMatchObject({
      link: 'https://example.com/a?b=1',
      title: 'An article',
      category: 'Work',
    });
    await waitFor(() => expect(location().pathname).toBe('/categories'));
  });

  it('shows the duplicate rule’s message in the dialog, as the add button’s dialog does', async () => {
    fakeServer(
      signedIn({
        'POST /api/bookmarks': ok(
          { error: { code: 'duplicate_link', message: bookmarkMessages.duplicateLink, field: 'link' } },
          409,
        ),
      }),
    );
    renderApp(savePath({ url: 'https://example.com/a?b=1' }));
    const dialog = await createIn('Work');
    expect(await within(dialog).findByText(bookmarkMessages.duplicateLink)).toBeTruthy();
  });

  it.each([
    ['javascript:alert(document.cookie)', saveMessages.notWebAddress],
    ['data:text/html,<script>alert(1)</script>', saveMessages.notWebAddress],
    ['', saveMessages.noLink],
  ])('refuses %j with its message, and offers no dialog', async (url, message) => {
    const { calls } = fakeServer(signedIn());
    renderApp(savePath({ url, title: 'Bad' }));
    expect((await screen.findByTestId('save-error')).textContent).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('says what the share target found wrong, and nothing else from the address', async () => {
    fakeServer(signedIn());
    renderApp('/save?problem=not-web');
    expect((await screen.findByTestId('save-error')).textContent).toBe(saveMessages.notWebAddress);
    cleanup();
    fakeServer(signedIn());
    renderApp('/save?problem=Your+account+is+closed');
    expect((await screen.findByTestId('save-error')).textContent).toBe(saveMessages.noLink);
  });

  it('in the bookmarklet’s window, shows the saved message, closes itself and opens next time in that category', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    fakeServer(signedIn());
    renderApp(savePath({ url: 'https://example.com/a?b=1', title: 'An article', popup: '1' }));
    await createIn('Work');
    const status = await screen.findByText(new RegExp(bookmarkMessages.bookmarked('An article', 'Work')));
    expect(status.textContent).toContain(saveMessages.closing);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 5_000 });

    expect(localStorage.getItem('linkhive.saveCategory')).toBe('Work');

    cleanup();
    fakeServer(signedIn());
    renderApp(savePath({ url: 'https://example.com/b', popup: '1' }));
    // renderApp empties the storage as for a fresh visit; put back what the save left, before the page's code arrives.
    localStorage.setItem('linkhive.saveCategory', 'Work');
    const dialog = await screen.findByRole('dialog', { name: 'Add Link' });
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveProperty('value', 'Work');
  });

  it('sends a signed-out visitor to login with the whole address as the way back', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut });
    const path = savePath({ url: 'https://example.com/a?b=1&c=2', title: 'An article' });
    const { location } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(location().pathname).toBe('/login');
    expect(new URLSearchParams(location().search).get('redirect')).toBe(path);
  });
});
