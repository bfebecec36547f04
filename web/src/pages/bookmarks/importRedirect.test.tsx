// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLibrary } from '../../bookmarks/library';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useLibrary.setState({ categories: null });
});

function signedInWith(categories: { name: string; count: number }[]) {
  fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
    'GET /api/categories': () => ({ status: 200, body: { items: categories } }),
    'GET /api/bookmarks': () => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } }),
    'GET /api/profile': () => ({
      status: 200,
      body: {
        displayName: 'Ann Lee',
        email: 'ann@example.com',
        photoURL: null,
        settings: { categoryTabColor: null, layoutPreference: 'list' },
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

  it('does not follow a list from before the page opened: a fresh load decides', async () => {
    // An import has just finished; the store still holds the empty list from before it.
    useLibrary.setState({ categories: [] });
    signedInWith([{ name: 'Work', count: 3 }]);
    const { location } = renderApp('/categories');
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
