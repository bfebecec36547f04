// @vitest-environment jsdom
import type { GroupLink } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeGroupsServer,
  findLinkList,
  makeGroup,
  makeLink,
  renderSignedIn,
  stubEventSource,
} from '../../testing/groups';
import { GroupsPage } from './GroupsPage';

beforeEach(() => stubEventSource());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Issue 30: the workspace's search finds links by the words of their pages, and shows where.
describe('GroupsPage search inside pages', () => {
  const byTitle = makeLink(1, 'g1', { title: 'Senate hearings' });
  const unsearched = makeLink(2, 'g1', { title: 'Read later', link: 'https://www.lemonde.fr/article.html' });
  const byPage: GroupLink = {
    ...unsearched,
    snippet: { text: '…examiné par le Sénat, puis le Conseil constitutionnel…', marks: [[16, 21]] },
  };

  /** The server's answer: by title always; by the page's words unless the search is of titles only. */
  const server = () =>
    fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [byTitle, unsearched] } },
      {
        'GET /api/groups/g1/links': (url) => {
          const p = new URL(url, 'http://x').searchParams;
          const items = !p.get('q') ? [byTitle, unsearched] : p.get('in') === 'title' ? [byTitle] : [byTitle, byPage];
          return { status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } };
        },
      },
    );

  it('shows the passage of the page under a link found by it, its words marked, and none under a title match', async () => {
    const fake = server();
    renderSignedIn(<GroupsPage />);
    const list = await findLinkList('Group 1');
    // No search, no passages.
    expect(within(list).queryByTestId('search-snippet')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search links' }), { target: { value: 'senat' } });
    await waitFor(() => expect(within(list).getAllByTestId('search-snippet')).toHaveLength(1));
    expect(fake.linkQueries('g1').at(-1)?.get('q')).toBe('senat');
    expect(fake.linkQueries('g1').at(-1)?.has('in')).toBe(false);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).queryByTestId('search-snippet')).toBeNull();
    const passage = within(second!).getByTestId('search-snippet');
    expect(passage.textContent).toBe('…examiné par le Sénat, puis le Conseil constitutionnel…');
    expect(Array.from(passage.querySelectorAll('mark')).map((m) => m.textContent)).toEqual(['Sénat']);
  });

  it('searches titles only when asked, leaving the pages out, and back again', async () => {
    const fake = server();
    renderSignedIn(<GroupsPage />);
    const list = await findLinkList('Group 1');
    const box = screen.getByRole('searchbox', { name: 'Search links' });
    fireEvent.change(box, { target: { value: 'senat' } });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));

    fireEvent.click(screen.getByRole('switch', { name: 'Titles only' }));
    await waitFor(() => expect(fake.linkQueries('g1').at(-1)?.get('in')).toBe('title'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('link', { name: 'Senate hearings' })).toBeTruthy();
    expect(within(list).queryByTestId('search-snippet')).toBeNull();
    expect(box.getAttribute('placeholder')).toBe('Words in the title');

    fireEvent.click(screen.getByRole('switch', { name: 'Titles only' }));
    await waitFor(() => expect(within(list).getAllByTestId('search-snippet')).toHaveLength(1));
    expect(fake.linkQueries('g1').at(-1)?.has('in')).toBe(false);
  });
});
