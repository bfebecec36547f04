// @vitest-environment jsdom
import type { FeedItem, FeedList, FeedSource } from '@linkhive/shared/domain';
import { fetchBudgetMessages, feedMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const source = (id: string, over: Partial<FeedSource> = {}): FeedSource => ({
  id,
  title: `Source ${id}`,
  category: id === 'a' ? 'Tech' : 'News',
  feedUrl: `https://${id}.example.com/feed`,
  status: 'loaded',
  error: null,
  errorDetail: null,
  updatedAt: new Date().toISOString(),
  feedTitle: null,
  image: null,
  imageSrc: null,
  itemCount: 30,
  ...over,
});

const item = (i: number, sourceId: string): FeedItem => ({
  id: `${sourceId}${i}`,
  title: `Post ${i} of ${sourceId}`,
  link: `https://${sourceId}.example.com/${i}`,
  pubDate: null,
  contentSnippet: `Snippet ${i}`,
  image: null,
  imageSrc: null,
  enclosure: null,
  feedUrl: `https://${sourceId}.example.com/feed`,
  sourceId,
  sourceTitle: `Source ${sourceId}`,
});

/** A server with the given sources, each holding 30 items; from `skipFrom` on they answer 'skipped', as past a free plan's 50. */
function feedServer(opts: {
  paid: boolean;
  sources: FeedSource[];
  skipFrom?: number;
  limited?: boolean;
  /** The source whose load finds the account's fetch budget spent. */
  budgetSpentAt?: string;
}) {
  const all = opts.sources.flatMap((s) =>
    s.status === 'error' ? [] : Array.from({ length: 30 }, (_, i) => item(i, s.id)),
  );
  const handlers: Parameters<typeof fakeServer>[0] = {
    'GET /api/auth/me': () => ({ status: 200, body: makeMe({ subscriptionPro: opts.paid }) }),
    'GET /api/feeds/sources': () => ({
      status: 200,
      body: { sources: opts.sources, parallel: opts.paid, itemLimit: opts.paid ? null : 50 },
    }),
    'GET /api/feeds': (url) => {
      const p = new URL(url, 'http://x').searchParams;
      const shown = opts.limited ? all.slice(0, 50) : all;
      const q = p.get('q')?.toLowerCase() ?? '';
      const hits = shown.filter(
        (i) => (!p.get('source') || i.sourceId === p.get('source')) && i.title.toLowerCase().includes(q),
      );
      const page = Number(p.get('page') ?? 1);
      const body: FeedList = {
        items: hits.slice((page - 1) * 25, page * 25),
        total: hits.length,
        page,
        pageSize: 25,
        sources: opts.sources.map((s, i) =>
          opts.skipFrom !== undefined && i >= opts.skipFrom ? { ...s, status: 'skipped' } : s,
        ),
        limited: !!opts.limited,
        availableTotal: all.length,
        lastUpdated: new Date().toISOString(),
      };
      return { status: 200, body };
    },
  };
  opts.sources.forEach((s, i) => {
    const spent = s.id === opts.budgetSpentAt ? { fetchBudgetSpent: true, notice: fetchBudgetMessages.feedsSpent } : {};
    handlers[`POST /api/feeds/sources/${s.id}/load`] = () => ({
      status: 200,
      body: { ...(opts.skipFrom !== undefined && i >= opts.skipFrom ? { ...s, status: 'skipped' } : s), ...spent },
    });
  });
  return fakeServer(handlers);
}

const loads = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.url.endsWith('/load')).map((c) => ({ url: c.url, body: c.body }));

describe('RSS Feeds page', () => {
  it('loads each source, then lists the merged items, filtered by source and paged, and refreshes all', async () => {
    const server = feedServer({ paid: true, sources: [source('a'), source('b')] });
    renderApp('/rss-feeds');
    const list = await screen.findByRole('list', { name: 'RSS feed items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expectShown(screen.getByText(/^60 items · 2 sources · Last updated: Just now$/));
    expect(loads(server.calls).map((c) => c.url)).toEqual(['/api/feeds/sources/a/load', '/api/feeds/sources/b/load']);

    fireEvent.change(screen.getByLabelText('Filter by source'), { target: { value: 'b' } });
    await waitFor(() => expectShown(screen.getByText(/^30 items · 2 sources/)));
    expect(server.calls.at(-1)!.url).toBe('/api/feeds?source=b&page=1');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(server.calls.at(-1)!.url).toBe('/api/feeds?source=b&page=2'));
    expect((await screen.findByRole('link', { name: 'Post 25 of b' })).getAttribute('href')).toBe(
      'https://b.example.com/25',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Refresh All' }));
    await waitFor(() => expect(loads(server.calls)).toHaveLength(4));
    expect(
      loads(server.calls)
        .slice(2)
        .map((c) => c.body),
    ).toEqual([{ refresh: true }, { refresh: true }]);
    // Back on the same page: the second of source b's 30 items, 25 a page.
    expect(within(await screen.findByRole('list', { name: 'RSS feed items' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
  });

  it('warns a free account of the limit with Upgrade Now, after loading sources one by one until skipped', async () => {
    const server = feedServer({
      paid: false,
      sources: [source('a'), source('b'), source('c'), source('d')],
      skipFrom: 2,
      limited: true,
    });
    renderApp('/rss-feeds');
    const warning = await screen.findByText(feedMessages.freeLimit(120));
    const upgrade = within(warning.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Upgrade Now' });
    expect(upgrade.getAttribute('href')).toBe('/#pricing');
    // The third answered 'skipped': the fourth is not asked for.
    expect(loads(server.calls).map((c) => c.url)).toEqual([
      '/api/feeds/sources/a/load',
      '/api/feeds/sources/b/load',
      '/api/feeds/sources/c/load',
    ]);
    expect(screen.getAllByText('Not loaded: free account limit')).toHaveLength(2);
  });

  it('names a failed source and says some feeds failed, with the others listed', async () => {
    feedServer({
      paid: true,
      sources: [
        source('a'),
        source('b', { status: 'error', error: feedMessages.sourceFailed, errorDetail: feedMessages.notAFeed }),
      ],
    });
    renderApp('/rss-feeds');
    expectShown(await screen.findByText(feedMessages.someFailed));
    expectShown(screen.getByText(`${feedMessages.sourceFailed} ${feedMessages.notAFeed}`));
    expect(within(screen.getByRole('list', { name: 'RSS feed items' })).getAllByRole('listitem')).toHaveLength(25);
  });

  it("says why saved items are shown when the account's fetch budget is spent", async () => {
    feedServer({ paid: true, sources: [source('a'), source('b')], budgetSpentAt: 'b' });
    renderApp('/rss-feeds');
    expectShown(await screen.findByText(fetchBudgetMessages.feedsSpent));
    // The cached items are still listed, and the notice's fields do not leak into the source list.
    expect(within(screen.getByRole('list', { name: 'RSS feed items' })).getAllByRole('listitem')).toHaveLength(25);
  });

  it('explains an empty page and a filter that matches nothing', async () => {
    feedServer({ paid: false, sources: [] });
    renderApp('/rss-feeds');
    expectShown(await screen.findByText(feedMessages.noFeeds));
    cleanup();
    feedServer({ paid: true, sources: [source('a')] });
    renderApp('/rss-feeds');
    await screen.findByRole('list', { name: 'RSS feed items' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search feeds' }), { target: { value: 'zzz' } });
    expectShown(await screen.findByText(feedMessages.noMatch));
  });

  it('shows the full error with Try Again, which loads again', async () => {
    let fail = true;
    const server = fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/feeds/sources': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : { status: 200, body: { sources: [], parallel: false, itemLimit: 50 } },
    });
    renderApp('/rss-feeds');
    expectShown(await screen.findByText(feedMessages.loadError));
    expect((await screen.findByTestId('notification')).textContent).toContain(feedMessages.loadErrorTitle);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expectShown(await screen.findByText(feedMessages.noFeeds));
    expect(server.calls.filter((c) => c.url === '/api/feeds/sources')).toHaveLength(2);
  });
});
