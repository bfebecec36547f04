// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedMessages, type BookmarkFeed, type FeedItem } from '../../domain/index.js';
import { bookmark } from '../../testing/bookmarks.js';
import { FeedDialog } from './FeedDialog.js';
import { FeedItemList } from './FeedItemList.js';
import { SeeFeedButton } from './SeeFeedButton.js';

afterEach(cleanup);

const now = new Date(2026, 4, 20, 15, 0);
const item = (i: number, over: Partial<FeedItem> = {}): FeedItem => ({
  id: `i${i}`,
  title: `Post ${i}`,
  link: `https://blog.example.com/${i}`,
  pubDate: new Date(2026, 4, 20, 9, i).toISOString(),
  contentSnippet: `Snippet ${i}`,
  image: null,
  imageSrc: null,
  enclosure: null,
  feedUrl: 'https://blog.example.com/feed',
  sourceId: 'b1',
  sourceTitle: 'Blog',
  ...over,
});

const feed = (total: number, page = 1): BookmarkFeed => ({
  source: {
    id: 'b1',
    title: 'Blog',
    category: 'News',
    feedUrl: 'https://blog.example.com/feed',
    status: 'loaded',
    error: null,
    errorDetail: null,
    updatedAt: now.toISOString(),
    feedTitle: 'The Blog',
    image: 'https://blog.example.com/logo.png',
    imageSrc: '/api/feeds/image?url=x&sig=y',
    itemCount: total,
  },
  items: Array.from({ length: Math.min(25, total - (page - 1) * 25) }, (_, i) => item((page - 1) * 25 + i)),
  total,
  page,
  pageSize: 25,
});

const props = () => ({
  open: true,
  title: 'Blog',
  loading: false,
  failed: false,
  onPageChange: vi.fn(),
  onRetry: vi.fn(),
  onClose: vi.fn(),
  now,
});

describe('FeedDialog', () => {
  it('shows the feed image at most 200 by 100 and the items of the page, linked to the posts', () => {
    render(<FeedDialog {...props()} feed={feed(30)} />);
    const dialog = screen.getByRole('dialog', { name: 'RSS Feed: Blog' });
    const logo = within(dialog).getByRole('img', { name: 'The Blog' });
    expect(logo.getAttribute('src')).toBe('/api/feeds/image?url=x&sig=y');
    expect(getComputedStyle(logo).maxWidth).toBe('200px');
    expect(getComputedStyle(logo).maxHeight).toBe('100px');
    const list = within(dialog).getByRole('list', { name: 'Items of Blog' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    const first = within(list).getByRole('link', { name: 'Post 0' });
    expect(first.getAttribute('href')).toBe('https://blog.example.com/0');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(first.getAttribute('rel')).toBe('noopener noreferrer');
    // The browser's locale decides between 09:00 and 09:00 AM.
    expect(within(list).getAllByText(/^Today at 09:00( AM)?$/)).toHaveLength(1);
  });

  it('pages by 25 and closes', () => {
    const p = props();
    render(<FeedDialog {...p} feed={feed(30)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(p.onPageChange).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(p.onClose).toHaveBeenCalled();
  });

  it("says 'Unable to load RSS feed. Please try again later.' on failure, with Try Again", () => {
    const p = props();
    render(<FeedDialog {...p} feed={null} failed />);
    expect(screen.getByRole('alert').textContent).toContain(feedMessages.dialogError);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(p.onRetry).toHaveBeenCalled();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a spinner until the first page is in', () => {
    render(<FeedDialog {...props()} feed={null} loading />);
    // A spinner, with no measure of progress, where the items will be.
    expect(screen.getByRole('progressbar', { name: 'Loading RSS feed' }).hasAttribute('aria-valuenow')).toBe(false);
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('FeedItemList', () => {
  it('names the source, dates items and leaves out links that are not there', () => {
    render(
      <FeedItemList
        label="Items"
        showSource
        now={now}
        items={[
          item(1, { link: null, pubDate: new Date(2026, 4, 19, 18, 30).toISOString() }),
          item(2, { pubDate: null, imageSrc: '/api/feeds/image?u', contentSnippet: '' }),
        ]}
        imageBase="https://linkhive.example"
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).queryByRole('link')).toBeNull();
    expect(first!.textContent).toMatch(/Blog · Yesterday at (18:30|06:30 PM)/);
    expect(second!.querySelector('img')!.getAttribute('src')).toBe('https://linkhive.example/api/feeds/image?u');
    expect(second!.querySelector('time')).toBeNull();
  });
});

describe('SeeFeedButton', () => {
  it('shows only for a bookmark with an RSS address', () => {
    const onSeeFeed = vi.fn();
    const { rerender } = render(<SeeFeedButton bookmark={bookmark()} onSeeFeed={onSeeFeed} />);
    expect(screen.queryByRole('button', { name: 'See RSS Feed' })).toBeNull();
    const withFeed = bookmark({ rssFeed: 'https://www.example.com/feed.xml' });
    rerender(<SeeFeedButton bookmark={withFeed} onSeeFeed={onSeeFeed} />);
    fireEvent.click(screen.getByRole('button', { name: 'See RSS Feed' }));
    expect(onSeeFeed).toHaveBeenCalledWith(withFeed);
  });
});
