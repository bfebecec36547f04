// @vitest-environment jsdom
import { feedMessages, type BookmarkFeed } from '@linkhive/shared/domain';
import { NotificationProvider } from '@linkhive/shared/ui';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider, queryClient } from '../../data/queryClient';
import { fakeServer } from '../../testing/renderApp';
import { FeedDialogHost } from './FeedDialogHost';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Page `page` of a feed of `total` items, 25 a page; the titles say which bookmark and item. */
function feedPage(id: string, total: number, page: number): BookmarkFeed {
  const first = (page - 1) * 25;
  return {
    source: {
      id,
      title: id,
      category: 'News',
      feedUrl: `https://${id}.example.com/feed`,
      status: 'loaded',
      error: null,
      errorDetail: null,
      updatedAt: new Date().toISOString(),
      feedTitle: null,
      image: null,
      imageSrc: null,
      itemCount: total,
    },
    items: Array.from({ length: Math.max(0, Math.min(25, total - first)) }, (_, i) => ({
      id: `${id}-${first + i}`,
      title: `${id} post ${first + i}`,
      link: null,
      pubDate: null,
      contentSnippet: '',
      image: null,
      imageSrc: null,
      enclosure: null,
      feedUrl: `https://${id}.example.com/feed`,
      sourceId: id,
      sourceTitle: id,
    })),
    total,
    page,
    pageSize: 25,
  };
}

const failed = { status: 502, body: { error: { code: 'feed_failed', message: feedMessages.fetchFailed } } };

function withProviders(node: ReactNode) {
  return (
    <NotificationProvider>
      <QueryProvider>{node}</QueryProvider>
    </NotificationProvider>
  );
}

const dialog = () => screen.getByRole('dialog', { name: /^RSS Feed:/ });

describe('FeedDialogHost', () => {
  it('pages the feed; a failed page raises the notice, and Try Again asks the site for that page once', async () => {
    let failPage2 = true;
    let answerRetry: (answer: { status: number; body: unknown }) => void = () => {};
    const retryAnswer = new Promise<{ status: number; body: unknown }>((resolve) => (answerRetry = resolve));
    const { calls } = fakeServer({
      'GET /api/bookmarks/b1/feed': (url) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        if (page === 2 && failPage2) return failed;
        if (page === 2) return retryAnswer;
        return { status: 200, body: feedPage('b1', 30, page) };
      },
    });
    render(withProviders(<FeedDialogHost bookmark={{ id: 'b1', title: 'Blog' }} onClose={() => {}} />));
    expect(await within(dialog()).findByText('b1 post 0')).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Go to page 2' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(feedMessages.noticeText);
    expect(within(dialog()).getByRole('alert').textContent).toContain(feedMessages.dialogError);

    failPage2 = false;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try Again' }));
    // The page from before the failure stays while the site is asked again.
    expect(await within(dialog()).findByText('b1 post 0')).toBeTruthy();
    answerRetry({ status: 200, body: feedPage('b1', 30, 2) });
    expect(await within(dialog()).findByText('b1 post 25')).toBeTruthy();
    expect(within(dialog()).queryByText('b1 post 0')).toBeNull();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Go to page 1' }));
    expect(await within(dialog()).findByText('b1 post 0')).toBeTruthy();
    expect(calls.map((c) => c.url.split('?')[1])).toEqual([
      'page=1&refresh=false',
      'page=2&refresh=false',
      'page=2&refresh=true',
      'page=1&refresh=false',
    ]);
  });

  it('opens another bookmark on its first page with nothing of the last one shown', async () => {
    let answerB2: (answer: { status: number; body: unknown }) => void = () => {};
    const b2Answer = new Promise<{ status: number; body: unknown }>((resolve) => (answerB2 = resolve));
    fakeServer({
      'GET /api/bookmarks/b1/feed': (url) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return { status: 200, body: feedPage('b1', 30, page) };
      },
      'GET /api/bookmarks/b2/feed': () => b2Answer,
    });
    const view = render(withProviders(<FeedDialogHost bookmark={{ id: 'b1', title: 'Blog' }} onClose={() => {}} />));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Go to page 2' }));
    expect(await within(dialog()).findByText('b1 post 25')).toBeTruthy();

    view.rerender(withProviders(<FeedDialogHost bookmark={{ id: 'b2', title: 'News' }} onClose={() => {}} />));
    expect(within(dialog()).getByRole('progressbar', { name: 'Loading RSS feed' })).toBeTruthy();
    expect(within(dialog()).queryByText('b1 post 25')).toBeNull();
    answerB2({ status: 200, body: feedPage('b2', 3, 1) });
    expect(await within(dialog()).findByText('b2 post 0')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'RSS Feed: News' })).toBeTruthy();
  });
});
