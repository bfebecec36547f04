// @vitest-environment jsdom
import type { Bookmark, Page } from '@linkhive/shared/domain';
import { bookmarkMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bookmark = (i: number, over: Partial<Bookmark> = {}): Bookmark => ({
  id: `b${i}`,
  title: `Site ${i}`,
  link: `https://site${i}.example.com/`,
  domain: `site${i}.example.com`,
  category: i % 2 ? 'Work' : 'News',
  favourite: false,
  screenshot: null,
  screenshotStatus: null,
  faviconUrl: '',
  rssFeed: null,
  promotor: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** A library of `count` bookmarks that GET /api/bookmarks pages through like the server. */
function library(count: number, opts: { capped?: boolean } = {}) {
  const all = Array.from({ length: count }, (_, i) => bookmark(i + 1));
  const server = fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
    'GET /api/categories': () => ({
      status: 200,
      body: {
        items: count
          ? [
              { name: 'News', count: 1 },
              { name: 'Work', count: 1 },
            ]
          : [],
      },
    }),
    'GET /api/bookmarks': (url) => {
      const p = new URL(url, 'http://x').searchParams;
      const q = p.get('q')?.toLowerCase() ?? '';
      const hits = all.filter(
        (b) => (!q || b.title.toLowerCase().includes(q)) && (!p.get('category') || b.category === p.get('category')),
      );
      const page = Number(p.get('page') ?? 1);
      const size = Number(p.get('pageSize') ?? 25);
      const body: Page<Bookmark> = {
        items: hits.slice((page - 1) * size, page * size),
        total: hits.length,
        page,
        pageSize: size,
        ...(opts.capped ? { capped: true } : {}),
      };
      return { status: 200, body };
    },
    'POST /api/bookmarks/delete': (_url, init) => {
      const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
      return { status: 200, body: { deleted: ids.length } };
    },
  });
  const listCalls = () =>
    server.calls.filter((c) => c.url.startsWith('/api/bookmarks?')).map((c) => new URL(c.url, 'http://x').searchParams);
  return { ...server, listCalls };
}

async function openSearch(path = '/search') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Search' });
  return view;
}

// Plain selectors where a role query would walk the whole page for each of 25 rows.
const rows = () => [...screen.getByLabelText('Search results').querySelectorAll('li')];

describe('search page', () => {
  it('lists 25 a page with the count, category, address and the row actions', async () => {
    library(60);
    await openSearch();
    expectShown(await screen.findByText('60 bookmarks'));
    expect(rows()).toHaveLength(25);
    const first = within(rows()[0]!);
    expect(first.getByRole('link', { name: 'Site 1' }).getAttribute('href')).toBe('https://site1.example.com/');
    expectShown(first.getByText('Work'));
    expectShown(first.getByText(/https:\/\/site1\.example\.com\//));
    expect(first.getByRole('checkbox', { name: 'Select Site 1' })).toHaveProperty('checked', false);
    expect(first.getByRole('button', { name: 'Add to Favorites' })).toHaveProperty('disabled', false);
    expect(first.getByRole('button', { name: 'Edit Bookmark' })).toHaveProperty('disabled', false);
    // The last page of 60 at 25 a page.
    expect(screen.getByLabelText('Go to page 3')).toHaveProperty('textContent', '3');
    expect(screen.queryByLabelText('Go to page 4')).toBeNull();
  });

  it('goes back to page 1 when the search text changes', async () => {
    const { listCalls } = library(60);
    await openSearch();
    await screen.findByText('60 bookmarks');
    fireEvent.click(screen.getByLabelText('Go to page 3'));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('Site 51'));
    expect(screen.getByLabelText('page 3').getAttribute('aria-current')).toBe('page');

    fireEvent.change(screen.getByLabelText('Search bookmarks'), { target: { value: 'site 1' } });
    await screen.findByText('11 bookmarks');
    const searched = listCalls().find((p) => p.get('q') === 'site 1')!;
    expect(searched.get('page')).toBe('1');
    // No request for the old page with the new text on the way.
    expect(listCalls().some((p) => p.get('q') === 'site 1' && p.get('page') !== '1')).toBe(false);
  });

  it('shows where the words were found in a saved page, marked, and searches titles only on request', async () => {
    const inPage = bookmark(7, {
      title: 'Read later',
      snippet: { text: '…the kestrel hovers over the field…', marks: [[5, 12]] },
    });
    const titled = bookmark(8, { title: 'Kestrel facts' });
    const server = fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/categories': () => ({ status: 200, body: { items: [{ name: 'Work', count: 2 }] } }),
      'GET /api/bookmarks': (url) => {
        const p = new URL(url, 'http://x').searchParams;
        const items = !p.get('q') ? [titled, inPage] : p.get('in') === 'title' ? [titled] : [titled, inPage];
        return { status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } };
      },
    });
    await openSearch();
    fireEvent.change(screen.getByLabelText('Search bookmarks'), { target: { value: 'kestrel' } });
    await waitFor(() => expect(screen.queryByTestId('search-snippet')).not.toBeNull());
    const snippet = screen.getByTestId('search-snippet');
    expect(snippet.textContent).toBe('…the kestrel hovers over the field…');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['kestrel']);
    expect(within(rows()[1]!).getByRole('link', { name: 'Read later' })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Titles only' }));
    await screen.findByText('1 bookmark');
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Kestrel facts')]);
    expect(screen.queryByTestId('search-snippet')).toBeNull();
    const last = server.calls.filter((c) => c.url.startsWith('/api/bookmarks?')).at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('in')).toBe('title');
  });

  it('filters broken links, with each link’s state and what can be done about it', async () => {
    const dead = bookmark(1, { title: 'Dead page', health: { health: 'broken', finalUrl: null } });
    const moved = bookmark(2, {
      title: 'Moved page',
      health: { health: 'redirected', finalUrl: 'https://new.example.com/page' },
    });
    const fine = bookmark(3, { title: 'Fine page' });
    const server = fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/categories': () => ({ status: 200, body: { items: [{ name: 'Work', count: 3 }] } }),
      'GET /api/bookmarks': (url) => {
        const items = new URL(url, 'http://x').searchParams.get('health') === 'broken' ? [dead] : [dead, moved, fine];
        return { status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } };
      },
      'POST /api/bookmarks/b1/check': () => ({
        status: 200,
        body: { health: 'broken', status: 404, finalUrl: null, checkedAt: '2026-11-28T10:00:00.000Z' },
      }),
      'PATCH /api/bookmarks/b2': () => ({
        status: 200,
        body: { ...moved, link: 'https://new.example.com/page', health: undefined },
      }),
    });
    await openSearch();
    await screen.findByText('3 bookmarks');
    const [deadRow, movedRow, fineRow] = rows().map((r) => within(r));
    expectShown(deadRow!.getByText('Broken link'));
    expect(deadRow!.getByRole('link', { name: 'Internet Archive copy of Dead page' }).getAttribute('href')).toBe(
      'https://web.archive.org/web/https://site1.example.com/',
    );
    expectShown(movedRow!.getByText('Link moved'));
    expectShown(movedRow!.getByText('Now at https://new.example.com/page'));
    expect(fineRow!.queryByRole('button', { name: 'Check now' })).toBeNull();

    fireEvent.click(movedRow!.getByRole('button', { name: 'Update address' }));
    await screen.findByText(bookmarkMessages.linkUpdated);
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ link: 'https://new.example.com/page' });

    fireEvent.click(deadRow!.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(server.calls.some((c) => c.url === '/api/bookmarks/b1/check')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Broken links only' }));
    await screen.findByText('1 bookmark');
    const last = server.calls.filter((c) => c.url.startsWith('/api/bookmarks?')).at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('health')).toBe('broken');
  });

  it('goes back to page 1 when the category changes', async () => {
    const { listCalls } = library(60);
    await openSearch();
    await screen.findByText('60 bookmarks');
    fireEvent.click(screen.getByLabelText('Go to page 2'));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('Site 26'));
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(await screen.findByLabelText('Filter by category'), { target: { value: 'News' } });
    await screen.findByText('30 bookmarks');
    expect(listCalls().at(-1)!.get('category')).toBe('News');
    expect(listCalls().at(-1)!.get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((await screen.findByRole('button', { name: /^Filters/ })).textContent).toBe('Filters (on)');
  });

  it('selects the rows of the page and deletes them only after the confirmation', async () => {
    const { calls } = library(30);
    await openSearch();
    await screen.findByText('30 bookmarks');
    const deleteSelected = screen.getByRole('button', { name: 'Delete selected' }) as HTMLButtonElement;
    expect(deleteSelected.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(rows().every((r) => r.querySelector('input[type="checkbox"]:checked'))).toBe(true);
    expectShown(screen.getByText('30 bookmarks, 25 selected'));
    fireEvent.click(screen.getByLabelText('Select Site 2'));
    expect(screen.getByRole('checkbox', { name: 'Select all' }).getAttribute('data-indeterminate')).toBe('true');

    fireEvent.click(deleteSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Delete 24 bookmarks?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url === '/api/bookmarks/delete')).toBe(false);

    fireEvent.click(deleteSelected);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('notification')).textContent).toContain('24 Links Deleted');
    const sent = calls.find((c) => c.url === '/api/bookmarks/delete')!.body as { ids: string[] };
    expect(sent.ids).toHaveLength(24);
    expect(sent.ids).not.toContain('b2');
    expect(sent.ids).toContain('b1');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveProperty('checked', false));
  });

  it("says 'Link Deleted' for one and asks about '1 bookmark'", async () => {
    library(3);
    await openSearch();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Site 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 bookmark?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(bookmarkMessages.linkDeleted);
  });

  it("shows '1,000+' for a capped count and the export as a download", async () => {
    library(1000, { capped: true });
    await openSearch();
    expectShown(await screen.findByText('1,000+ bookmarks'));
    expect(screen.getByLabelText('Go to page 40')).toHaveProperty('textContent', '40');
    const exportLink = screen.getByRole('link', { name: 'Export' });
    expect(exportLink.getAttribute('href')).toBe('/api/export');
    expect(exportLink.hasAttribute('download')).toBe(true);
  });

  it("tells a user without bookmarks 'No bookmarks have been added.' and a search without hits 'No results found'", async () => {
    library(0);
    await openSearch();
    expectShown(await screen.findByText(bookmarkMessages.noBookmarks));
    cleanup();

    library(5);
    await openSearch('/search?q=nothing-like-this');
    expectShown(await screen.findByText(bookmarkMessages.noResults));
    expect(screen.getByLabelText('Search bookmarks')).toHaveProperty('value', 'nothing-like-this');
    expect(screen.queryByText(bookmarkMessages.noBookmarks)).toBeNull();
  });
});
