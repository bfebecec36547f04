// @vitest-environment jsdom
import { bookmarkMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkKeys } from './queries';
import { fakeServer, makeMe, renderApp, signedOut } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function signedInWith(categories: { name: string; count: number }[], answered: Promise<unknown> = Promise.resolve()) {
  let signedIn = true;
  return fakeServer({
    'GET /api/auth/me': (url, init) => (signedIn ? { status: 200, body: makeMe() } : signedOut(url, init)),
    'GET /api/categories': async () => {
      await answered;
      return { status: 200, body: { items: categories } };
    },
    'POST /api/auth/logout': () => {
      signedIn = false;
      return { status: 200, body: { ok: true } };
    },
    'GET /api/bookmarks': () => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } }),
    'GET /api/profile': () => ({
      status: 200,
      body: {
        displayName: 'Ann Lee',
        email: 'ann@example.com',
        photoURL: null,
        settings: { categoryTabColor: null, layoutPreference: 'list', keepCopies: true },
      },
    }),
  });
}

describe('the way to the import page', () => {
  it.each(['/categories', '/favourites'])(
    'sends a user without bookmarks from %s to /import-bookmarks',
    async (path) => {
      signedInWith([]);
      const { location } = renderApp(path);
      await screen.findByRole('heading', { level: 1, name: 'Import Bookmarks' });
      expect(location().pathname).toBe('/import-bookmarks');
    },
  );

  it.each(['/categories', '/favourites'])(
    'decides before %s paints: a status says what is happening, and the page never shows (issue 26)',
    async (path) => {
      let answer!: () => void;
      signedInWith([], new Promise<void>((resolve) => (answer = resolve)));
      const { location } = renderApp(path);
      expect((await screen.findByText(bookmarkMessages.openingLibrary)).closest('[role="status"]')).not.toBeNull();
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      answer();
      await screen.findByRole('heading', { level: 1, name: 'Import Bookmarks' });
      expect(location().pathname).toBe('/import-bookmarks');
      expect(screen.queryByText(bookmarkMessages.openingLibrary)).toBeNull();
    },
  );

  it('signs out straight to the home page, never through /login (issue 26)', async () => {
    const { calls } = signedInWith([{ name: 'Work', count: 3 }]);
    const { location, visited } = renderApp('/categories');
    await screen.findByRole('region', { name: 'Work' });
    fireEvent.click(screen.getByRole('button', { name: /menu/i }));
    const drawer = within(await screen.findByRole('navigation', { name: 'Site menu' }));
    fireEvent.click(drawer.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(location().pathname).toBe('/'));
    expect((await screen.findAllByRole('link', { name: 'Login' })).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.url === '/api/auth/logout')).toHaveLength(1);
    expect(visited).toEqual(['/categories', '/']);
  });

  it('does not follow a list from before the page opened: a fresh load decides', async () => {
    // An import has just finished; the cache still holds the empty list from before it.
    signedInWith([{ name: 'Work', count: 3 }]);
    const { location } = renderApp('/categories', {
      cached: (client) => client.setQueryData(bookmarkKeys.categories, []),
    });
    await screen.findByRole('region', { name: 'Work' });
    expect(location().pathname).toBe('/categories');
  });

  it('keeps a user with bookmarks on the favourites page', async () => {
    signedInWith([{ name: 'Work', count: 3 }]);
    const { location } = renderApp('/favourites');
    await screen.findByRole('heading', { level: 1, name: 'Favourites' });
    await screen.findByText('You have no favourites');
    expect(location().pathname).toBe('/favourites');
  });

  it('offers the export as a download on the profile page', async () => {
    signedInWith([]);
    renderApp('/profile');
    const link = await screen.findByRole('link', { name: 'Export bookmarks' });
    expect(link.getAttribute('href')).toBe('/api/export');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
