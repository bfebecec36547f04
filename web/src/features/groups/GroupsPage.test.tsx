// @vitest-environment jsdom
import { groupMessages as m } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeEventSource,
  fakeGroupsServer,
  makeGroup,
  makeLink,
  makeLinks,
  findLinkList,
  renderSignedIn,
  stubEventSource,
} from '../../testing/groups';
import { makeMe } from '../../testing/renderApp';
import { GroupsPage } from './GroupsPage';

beforeEach(() => stubEventSource());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page's h1 once it names `name`: it reads 'Teams Workspace' until the groups have loaded. */
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('GroupsPage', () => {
  it('opens the first group on load, one server page of 25 at a time', async () => {
    const server = fakeGroupsServer({
      groups: [makeGroup(1, { linkCount: 30 }), makeGroup(2, { isOwner: false, ownerId: 'u9' })],
      links: { g1: makeLinks(30) },
    });
    renderSignedIn(<GroupsPage />);
    expect((await heading('Group 1')).textContent).toBe('Group 1');
    const list = await findLinkList('Group 1');
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(within(list).getByRole('link', { name: 'Site 1' }).getAttribute('href')).toBe('https://site1.example.com/');
    expect(within(list).getAllByText('Work · https://site1.example.com/')).toHaveLength(1);
    expect(server.linkQueries('g1')[0]?.get('pageSize')).toBe('25');
    expect(server.linkQueries('g2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(within(list).getByRole('link', { name: 'Site 26' })).toBeTruthy();
  });

  it('shows the owner actions in an owned group and Leave Group in a group the user only belongs to', async () => {
    fakeGroupsServer({
      groups: [makeGroup(1), makeGroup(2, { isOwner: false, ownerId: 'u9', name: 'Shared' })],
      links: { g1: makeLinks(1), g2: makeLinks(1, 'g2') },
    });
    renderSignedIn(<GroupsPage />);
    let list = await findLinkList('Group 1');
    for (const name of ['Create & Invite', 'Add Link', 'Edit Group', 'Manage Members'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave Group' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Edit Site 1' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Delete Site 1' })).toBeTruthy();
    // No other owned group to move to.
    expect(within(list).queryByRole('button', { name: 'Move Site 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Shared/ }));
    expect((await heading('Shared')).textContent).toBe('Shared');
    list = await findLinkList('Shared');
    expect(screen.queryByRole('button', { name: 'Add Link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Group' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Manage Members' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave Group' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Edit Site 1' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Delete Site 1' })).toBeNull();
  });

  it('searches after a pause in typing and goes back to page 1', async () => {
    const server = fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: makeLinks(60) } });
    renderSignedIn(<GroupsPage />);
    await findLinkList('Group 1');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(server.linkQueries('g1').at(-1)?.get('page')).toBe('2'));

    const box = screen.getByRole('searchbox', { name: 'Search links' });
    for (const text of ['s', 'si', 'site 5']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(server.linkQueries('g1').at(-1)?.get('q')).toBe('site 5'));
    const last = server.linkQueries('g1').at(-1)!;
    expect(last.get('page')).toBe('1');
    // One request for the settled text, none for the keys typed on the way.
    expect(
      server
        .linkQueries('g1')
        .filter((p) => p.has('q'))
        .map((p) => p.get('q')),
    ).toEqual(['site 5']);
    const list = await findLinkList('Group 1');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(11));
  });

  it('says when there are no groups, no links or no search results', async () => {
    fakeGroupsServer({ groups: [] });
    renderSignedIn(<GroupsPage />);
    expect(await screen.findByText(m.noGroups)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create & Invite' })).toBeTruthy();
    cleanup();

    fakeGroupsServer({ groups: [makeGroup(1), makeGroup(2)], links: { g2: makeLinks(3, 'g2') } });
    renderSignedIn(<GroupsPage />);
    expect(await screen.findByText(m.noLinks)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Group 2/ }));
    await findLinkList('Group 2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search links' }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText(m.noResults)).toBeTruthy();
  });

  it('offers Retry when the groups cannot be loaded', async () => {
    let fail = true;
    fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: makeLinks(1) } },
      {
        'GET /api/groups': () =>
          fail
            ? { status: 500, body: { error: { code: 'internal', message: m.somethingWrong } } }
            : { status: 200, body: { items: [makeGroup(1)] } },
      },
    );
    renderSignedIn(<GroupsPage />);
    const alert = (await screen.findByText(m.loadGroupsFailed)).closest('[role="alert"]') as HTMLElement;
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findLinkList('Group 1')).toBeTruthy();
    expect(screen.queryByText(m.loadGroupsFailed)).toBeNull();
  });

  it('shows See RSS Feed on paid plans for links with an RSS address only', async () => {
    const withFeed = [makeLink(1, 'g1', { rssFeed: 'https://site1.example.com/feed' }), makeLink(2)];
    fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: withFeed } });
    renderSignedIn(<GroupsPage />, makeMe({ subscriptionPro: true }));
    const list = await findLinkList('Group 1');
    expect(within(list).getAllByRole('button', { name: 'See RSS Feed' })).toHaveLength(1);
    cleanup();

    fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: withFeed } });
    renderSignedIn(<GroupsPage />);
    expect(within(await findLinkList('Group 1')).queryByRole('button', { name: 'See RSS Feed' })).toBeNull();
  });
});

describe('GroupsPage live updates', () => {
  it('reloads the open page of links when the stream says the group changed', async () => {
    const server = fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: makeLinks(2) } });
    const view = renderSignedIn(<GroupsPage />);
    const list = await findLinkList('Group 1');
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/groups/events');
    expect(stream.init).toEqual({ withCredentials: true });

    server.state.links.g1 = [...makeLinks(2), makeLink(3, 'g1', { title: 'Added by the owner' })];
    stream.emit({ seq: 7, groupId: 'g1', kind: 'links' });
    expect(await within(list).findByRole('link', { name: 'Added by the owner' })).toBeTruthy();

    // Another group's change does not reload this one's links.
    const before = server.linkQueries('g1').length;
    stream.emit({ seq: 8, groupId: 'g9', kind: 'links' });
    await waitFor(() => expect(server.count('GET', '/api/groups')).toBeGreaterThanOrEqual(3));
    expect(server.linkQueries('g1')).toHaveLength(before);

    view.unmount();
    expect(stream.closed).toBe(true);
  });

  it('moves to the first remaining group with a notice when the user is removed from the open one', async () => {
    const server = fakeGroupsServer({
      groups: [makeGroup(1, { isOwner: false, name: 'Team A' }), makeGroup(2, { name: 'Mine' })],
      links: { g1: makeLinks(1), g2: makeLinks(2, 'g2') },
    });
    renderSignedIn(<GroupsPage />);
    expect((await heading('Team A')).textContent).toBe('Team A');
    await findLinkList('Team A');

    server.state.groups = [makeGroup(2, { name: 'Mine' })];
    FakeEventSource.latest().emit({ seq: 3, groupId: 'g1', kind: 'removed' });
    expect((await screen.findByTestId('notification')).textContent).toContain(m.removedFromGroup);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mine'));
    expect(await findLinkList('Mine')).toBeTruthy();
  });

  it('reloads everything on resync', async () => {
    const server = fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: makeLinks(1) } });
    renderSignedIn(<GroupsPage />);
    await findLinkList('Group 1');
    server.state.groups = [makeGroup(1, { name: 'Renamed' })];
    FakeEventSource.latest().emit({ seq: 99, groupId: '', kind: 'resync' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Renamed'));
    await waitFor(() => expect(server.linkQueries('g1').length).toBeGreaterThanOrEqual(2));
  });
});
