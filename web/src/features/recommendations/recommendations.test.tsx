// @vitest-environment jsdom
import type { Bookmark, RecommendationList } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAddDialog } from '../bookmarks/addDialog';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The add dialog's store outlives a test; left open, it would hide the next page from role queries.
  useAddDialog.setState({ open: false, initial: {} });
});

const saved: Bookmark = {
  id: 'b1',
  title: 'Bike News',
  link: 'https://bikes.example.com/',
  domain: 'bikes.example.com',
  category: 'Sport',
  favourite: false,
  screenshot: null,
  screenshotStatus: null,
  faviconUrl: '',
  rssFeed: null,
  promotor: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const answer: RecommendationList = {
  items: [
    {
      title: 'Cycling Weekly',
      link: 'https://cycling.example.org/',
      displayLink: 'cycling.example.org',
      snippet: `${'Road racing. '.repeat(20)}`,
    },
  ],
  source: 'openai',
  model: 'gpt-3.5-turbo',
  cached: false,
};

const unavailable = {
  status: 502,
  body: {
    error: { code: 'recommendations_unavailable', message: 'Unable to load recommendations. Please try again.' },
  },
};

/** A library of one bookmark; `answers` are given to the recommendation calls in turn. */
function server(paid: boolean, answers: { status: number; body?: unknown }[] = [{ status: 200, body: answer }]) {
  let call = 0;
  return fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe({ subscriptionPro: paid }) }),
    'GET /api/categories': () => ({ status: 200, body: { items: [{ name: 'Sport', count: 1 }] } }),
    'GET /api/bookmarks': () => ({ status: 200, body: { items: [saved], total: 1, page: 1, pageSize: 25 } }),
    'GET /api/bookmarks/b1/recommendations': () => answers[Math.min(call++, answers.length - 1)]!,
  });
}

async function searchRow() {
  renderApp('/search');
  return within(await screen.findByRole('list', { name: 'Search results' })).getByRole('listitem');
}

const button = (row: HTMLElement) => within(row).getByRole('button', { name: 'Recommended websites' });

describe('Recommended websites from the search page', () => {
  it('offers no button on the free plan', async () => {
    server(false);
    const row = await searchRow();
    expect(within(row).getByRole('button', { name: 'Edit Bookmark' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Recommended websites' })).toBeNull();
  });

  it("loads, then opens the drawer, asking with the browser's region; Add fills the add dialog", async () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'en-GB' });
    const { calls } = server(true);
    const row = await searchRow();
    fireEvent.click(button(row));
    // The button shows progress until the answer is in; only then does the drawer open.
    expect(within(button(row)).getByRole('progressbar', { name: 'Loading recommendations' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Recommended websites' })).toBeNull();
    const drawer = await screen.findByRole('dialog', { name: 'Recommended websites' });
    expect(calls.find((c) => c.url.includes('/recommendations'))?.url).toBe(
      '/api/bookmarks/b1/recommendations?region=gb',
    );
    expect(within(drawer).getByText('bikes.example.com')).toBeTruthy();
    expect(within(drawer).getByText('Suggested by OpenAI')).toBeTruthy();
    expect(within(drawer).getByText(`${'Road racing. '.repeat(20).slice(0, 200)}...`)).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Add Cycling Weekly' }));
    const add = await screen.findByRole('dialog', { name: 'Add Link' });
    expect((within(add).getByRole('textbox', { name: 'Web address' }) as HTMLInputElement).value).toBe(
      'https://cycling.example.org/',
    );
    expect((within(add).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Cycling Weekly');
  });

  it('shows the error snackbar and Retry in the drawer on failure; Retry loads again', async () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'fr' });
    const { calls } = server(true, [unavailable, { status: 200, body: answer }]);
    const row = await searchRow();
    fireEvent.click(button(row));
    const snackbar = await screen.findByTestId('notification');
    expect(snackbar.textContent).toBe('Unable to load recommendations. Please try again.');
    const drawer = await screen.findByRole('dialog', { name: 'Recommended websites' });
    expect(within(drawer).getByText('Unable to load recommendations. Please try again.')).toBeTruthy();
    // No region in 'fr': the server answers for none.
    expect(calls.find((c) => c.url.includes('/recommendations'))?.url).toBe('/api/bookmarks/b1/recommendations');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Retry' }));
    expect(await within(drawer).findByRole('heading', { name: 'Cycling Weekly' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('/recommendations'))).toHaveLength(2);
  });

  it('says so when no site was found, and hands focus back to the button on closing', async () => {
    server(true, [{ status: 200, body: { ...answer, items: [], source: 'local', model: null } }]);
    const row = await searchRow();
    button(row).focus();
    fireEvent.click(button(row));
    const drawer = await screen.findByRole('dialog', { name: 'Recommended websites' });
    expect(within(drawer).getByText('No related websites were found for this site yet.')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recommended websites' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button(row)));
  });
});

describe('Recommended websites from the categories page', () => {
  it('shows the button on paid plans and opens the drawer', async () => {
    server(true);
    renderApp('/categories');
    const card = await screen.findByRole('region', { name: 'Sport' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Recommended websites' }));
    const drawer = await screen.findByRole('dialog', { name: 'Recommended websites' });
    expect(within(drawer).getByRole('heading', { name: 'Cycling Weekly' })).toBeTruthy();
  });

  it('offers no button on the free plan', async () => {
    server(false);
    renderApp('/categories');
    const card = await screen.findByRole('region', { name: 'Sport' });
    await within(card).findByRole('button', { name: 'Edit Bookmark' });
    expect(within(card).queryByRole('button', { name: 'Recommended websites' })).toBeNull();
  });
});
