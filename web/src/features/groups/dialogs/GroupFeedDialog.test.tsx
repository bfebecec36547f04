// @vitest-environment jsdom
import { feedMessages, type BookmarkFeed } from '@linkhive/shared/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeLink, renderSignedIn } from '../../../testing/groups';
import { fakeServer } from '../../../testing/renderApp';
import { GroupFeedDialog } from './GroupFeedDialog';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = makeLink(7, 'g1', { title: 'Heise', rssFeed: 'https://heise.example.com/feed' });

const feed: BookmarkFeed = {
  source: {
    id: link.id,
    title: 'Heise',
    category: 'News',
    feedUrl: 'https://heise.example.com/feed',
    status: 'loaded',
    error: null,
    errorDetail: null,
    updatedAt: new Date().toISOString(),
    feedTitle: 'Heise News',
    image: null,
    imageSrc: null,
    itemCount: 1,
  },
  items: [
    {
      id: 'i1',
      title: 'WildFly 10 released',
      link: 'https://heise.example.com/1',
      pubDate: null,
      contentSnippet: 'Red Hat releases WildFly 10.',
      image: null,
      imageSrc: null,
      enclosure: null,
      feedUrl: 'https://heise.example.com/feed',
      sourceId: link.id,
      sourceTitle: 'Heise',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

describe('GroupFeedDialog', () => {
  it("loads the link's feed from its group's path into the bookmark rows' dialog", async () => {
    const { calls } = fakeServer({ 'GET /api/groups/g1/links/l7/feed': () => ({ status: 200, body: feed }) });
    renderSignedIn(<GroupFeedDialog link={link} onClose={() => {}} />);
    const item = await screen.findByText('WildFly 10 released');
    expect(screen.getByRole('dialog', { name: 'RSS Feed: Heise' }).contains(item)).toBe(true);
    expectShown(item);
    expect(calls.map((c) => c.url)).toEqual(['/api/groups/g1/links/l7/feed?page=1&refresh=false']);
  });

  it("raises the spec's notice when the feed cannot be read", async () => {
    fakeServer({
      'GET /api/groups/g1/links/l7/feed': () => ({
        status: 502,
        body: { error: { code: 'feed_failed', message: feedMessages.fetchFailed } },
      }),
    });
    renderSignedIn(<GroupFeedDialog link={link} onClose={() => {}} />);
    expect((await screen.findByTestId('notification')).textContent).toContain(feedMessages.noticeText);
  });
});
