// @vitest-environment jsdom
import { groupMessages as m } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showsGroupsMenu } from '../../layout/navItems';
import { useSession } from '../../session/store';
import {
  FakeEventSource,
  apiError,
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

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const notice = async () => (await screen.findByTestId('notification')).textContent;
const pagesAsked = (server: ReturnType<typeof fakeGroupsServer>, groupId: string) =>
  server.linkQueries(groupId).map((p) => p.get('page'));

describe('creating the first group', () => {
  /** A free user with no group, whose server answers `me` with `meAnswer` once the group exists. */
  function firstGroupServer(meAnswer: () => { status: number; body?: unknown }) {
    const server = fakeGroupsServer(
      { groups: [] },
      {
        'POST /api/groups': () => {
          const group = makeGroup(5, { name: 'Team' });
          server.state.groups = [group];
          return { status: 201, body: { group, invited: false, message: m.groupCreated } };
        },
        'GET /api/groups/g5/links': () => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 25 } }),
        'GET /api/auth/me': meAnswer,
      },
    );
    return server;
  }
  async function createTeam() {
    fireEvent.click(await screen.findByRole('button', { name: 'Create & Invite' }));
    const box = await screen.findByRole('dialog', { name: 'Create & Invite' });
    fireEvent.change(within(box).getByLabelText(/Group name/), { target: { value: 'Team' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Create' }));
    expect(await notice()).toBe(m.groupCreated);
  }

  it('asks the server for `me` again, so that the Workspace menu shows at once', async () => {
    const server = firstGroupServer(() => ({ status: 200, body: { ...makeMe(), hasGroups: true } }));
    renderSignedIn(<GroupsPage />);
    await screen.findByText(m.noGroups);
    expect(showsGroupsMenu(useSession.getState().me)).toBe(false);
    await createTeam();
    await waitFor(() => expect(useSession.getState().me?.hasGroups).toBe(true));
    expect(showsGroupsMenu(useSession.getState().me)).toBe(true);
    expect(server.count('GET', '/api/auth/me')).toBe(1);
  });

  it('keeps the user signed in when that check fails', async () => {
    const server = firstGroupServer(() => apiError(500, 'internal', m.somethingWrong));
    renderSignedIn(<GroupsPage />);
    await createTeam();
    await waitFor(() => expect(server.count('GET', '/api/auth/me')).toBe(1));
    await waitFor(() => expect(heading()).toBe('Team'));
    expect(useSession.getState().me).toEqual(makeMe());
  });

  it('does not ask when the user already has a group', async () => {
    const server = firstGroupServer(() => ({ status: 200, body: { ...makeMe(), hasGroups: true } }));
    server.state.groups = [makeGroup(1)];
    server.state.links.g1 = [];
    renderSignedIn(<GroupsPage />, { ...makeMe(), hasGroups: true });
    await createTeam();
    await waitFor(() => expect(heading()).toBe('Team'));
    expect(server.count('GET', '/api/auth/me')).toBe(0);
  });
});

describe('live events', () => {
  it("reloads the groups on 'group' (a rename), leaving the links alone", async () => {
    const server = fakeGroupsServer({ groups: [makeGroup(1), makeGroup(2)], links: { g1: makeLinks(1) } });
    renderSignedIn(<GroupsPage />);
    await findLinkList('Group 1');
    const asked = server.linkQueries('g1').length;
    server.state.groups = [makeGroup(1, { name: 'Renamed' }), makeGroup(2, { name: 'Also renamed' })];
    FakeEventSource.latest().emit({ seq: 4, groupId: 'g1', kind: 'group' });
    await waitFor(() => expect(heading()).toBe('Renamed'));
    expect(screen.getByRole('button', { name: /^Also renamed/ })).toBeTruthy();
    expect(server.linkQueries('g1')).toHaveLength(asked);
  });

  it("moves on with a notice when the open group is 'deleted' by its owner", async () => {
    const server = fakeGroupsServer({
      groups: [makeGroup(1, { isOwner: false, ownerId: 'u9', name: 'Team A' }), makeGroup(2, { name: 'Mine' })],
      links: { g1: makeLinks(1), g2: makeLinks(2, 'g2') },
    });
    renderSignedIn(<GroupsPage />);
    await findLinkList('Team A');
    server.state.groups = [makeGroup(2, { name: 'Mine' })];
    FakeEventSource.latest().emit({ seq: 5, groupId: 'g1', kind: 'deleted' });
    expect(await notice()).toBe(m.removedFromGroup);
    await waitFor(() => expect(heading()).toBe('Mine'));
    expect(within(await findLinkList('Mine')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Team A/ })).toBeNull();
  });

  it("drops a 'deleted' group that is not open, without a notice", async () => {
    const server = fakeGroupsServer({
      groups: [makeGroup(1), makeGroup(2, { isOwner: false, ownerId: 'u9', name: 'Theirs' })],
      links: { g1: makeLinks(1) },
    });
    renderSignedIn(<GroupsPage />);
    await findLinkList('Group 1');
    server.state.groups = [makeGroup(1)];
    FakeEventSource.latest().emit({ seq: 6, groupId: 'g2', kind: 'deleted' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Theirs/ })).toBeNull());
    expect(heading()).toBe('Group 1');
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it("gives no 'removed' notice for the group the user deleted here", async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1), makeGroup(2, { name: 'Other' })], links: { g1: makeLinks(1), g2: [] } },
      {
        'DELETE /api/groups/g1': () => {
          server.state.groups = [makeGroup(2, { name: 'Other' })];
          return { status: 200, body: { message: m.groupDeleted } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    await findLinkList('Group 1');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Group' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Edit Group' })).getByRole('button', { name: /Delete/ }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await notice()).toBe(m.groupDeleted);
    FakeEventSource.latest().emit({ seq: 7, groupId: 'g1', kind: 'deleted' });
    await waitFor(() => expect(heading()).toBe('Other'));
    expect(screen.getByTestId('notification').textContent).toBe(m.groupDeleted);
  });
});

describe('the stream reopening', () => {
  it('reloads the groups and the open links after a reconnection, not on the first opening', async () => {
    const server = fakeGroupsServer({ groups: [makeGroup(1), makeGroup(2)], links: { g1: makeLinks(1), g2: [] } });
    renderSignedIn(<GroupsPage />);
    const list = await findLinkList('Group 1');
    const stream = FakeEventSource.latest();
    const groupsAsked = server.count('GET', '/api/groups');
    const linksAsked = server.linkQueries('g1').length;
    stream.open();
    expect(server.count('GET', '/api/groups')).toBe(groupsAsked);
    expect(server.linkQueries('g1')).toHaveLength(linksAsked);

    // While the stream was down a link was added (replayed anyway) and group 2 was deleted (never replayed).
    server.state.links.g1 = [...makeLinks(1), makeLink(2, 'g1', { title: 'Added meanwhile' })];
    server.state.groups = [makeGroup(1)];
    stream.open();
    expect(await within(list).findByRole('link', { name: 'Added meanwhile' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Group 2/ })).toBeNull());
    expect(server.count('GET', '/api/groups')).toBe(groupsAsked + 1);
  });

  it('opens the first remaining group when the open one went while the stream was down', async () => {
    const server = fakeGroupsServer({
      groups: [makeGroup(1, { isOwner: false, ownerId: 'u9', name: 'Gone' }), makeGroup(2, { name: 'Kept' })],
      links: { g1: makeLinks(1), g2: makeLinks(3, 'g2') },
    });
    renderSignedIn(<GroupsPage />);
    await findLinkList('Gone');
    const stream = FakeEventSource.latest();
    stream.open();
    server.state.groups = [makeGroup(2, { name: 'Kept' })];
    stream.open();
    await waitFor(() => expect(heading()).toBe('Kept'));
    expect(within(await findLinkList('Kept')).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('paging', () => {
  it('steps back a page when the last link of a later page is deleted', async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: makeLinks(26) } },
      {
        'DELETE /api/groups/g1/links/l26': () => {
          server.state.links.g1 = makeLinks(25);
          return { status: 200, body: { message: m.linkDeleted } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    const list = await findLinkList('Group 1');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    const last = await within(list).findByRole('button', { name: 'Delete Site 26' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(last);
    const confirm = await screen.findByRole('dialog', { name: 'Delete Link' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await notice()).toContain(m.linkDeleted);
    await waitFor(() => expect(pagesAsked(server, 'g1')).toEqual(['1', '2', '2', '1']));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(within(list).getByRole('link', { name: 'Site 1' })).toBeTruthy();
    // One page left: no pager, and never the empty-group text.
    expect(screen.queryByRole('navigation', { name: 'Link pages' })).toBeNull();
    expect(screen.queryByText(m.noLinks)).toBeNull();
  });

  it("steps back when the owner empties the page elsewhere (a live 'links' event)", async () => {
    const server = fakeGroupsServer({
      groups: [makeGroup(1, { isOwner: false, ownerId: 'u9' })],
      links: { g1: makeLinks(60) },
    });
    renderSignedIn(<GroupsPage />);
    const list = await findLinkList('Group 1');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await within(list).findByRole('link', { name: 'Site 60' });
    server.state.links.g1 = makeLinks(30);
    FakeEventSource.latest().emit({ seq: 9, groupId: 'g1', kind: 'links' });
    await waitFor(() => expect(pagesAsked(server, 'g1')).toEqual(['1', '3', '3', '2']));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(within(list).getByRole('link', { name: 'Site 30' })).toBeTruthy();
  });
});
