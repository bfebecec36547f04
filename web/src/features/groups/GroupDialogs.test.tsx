// @vitest-environment jsdom
import { authMessages, groupMessages as m, type GroupLink } from '@linkhive/shared/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupsPage } from './GroupsPage';
import {
  FakeEventSource,
  apiError,
  fakeGroupsServer,
  makeGroup,
  makeLink,
  makeMember,
  renderSignedIn,
  stubEventSource,
} from '../../testing/groups';

beforeEach(() => stubEventSource());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notice = async () => (await screen.findByTestId('notification')).textContent;
const dialog = (name: string) => screen.findByRole('dialog', { name });
const open = async (button: string, name = button) => {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return dialog(name);
};
const type = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const bodyOf = (calls: { method: string; url: string; body: unknown }[], method: string, url: string) =>
  calls.find((c) => c.method === method && c.url === url)?.body;

describe('Create & Invite', () => {
  it('checks each mode with its own rules and creates a group with the API message', async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1, { isOwner: false, ownerId: 'u9', name: 'Theirs' })] },
      {
        'POST /api/groups': () => {
          const group = makeGroup(5, { name: 'Team' });
          server.state.groups = [group, ...server.state.groups];
          return { status: 201, body: { group, invited: false, message: m.groupCreated } };
        },
        'GET /api/groups/g5/links': () => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 25 } }),
      },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Create & Invite');
    fireEvent.click(within(box).getByRole('button', { name: 'Create' }));
    expect(await within(box).findByText(m.nameRequired)).toBeTruthy();
    type(box, /Group name/, 'x'.repeat(51));
    fireEvent.click(within(box).getByRole('button', { name: 'Create' }));
    expect(await within(box).findByText(m.nameTooLong)).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: 'Invite member' }));
    fireEvent.click(within(box).getByRole('button', { name: 'Invite' }));
    expect(await within(box).findByText(m.selectionRequired)).toBeTruthy();
    expect(within(box).getByText(authMessages.emailRequired)).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: 'New group' }));
    expect(within(box).queryByText(m.selectionRequired)).toBeNull();
    type(box, /Group name/, 'Team');
    fireEvent.click(within(box).getByRole('button', { name: 'Create' }));
    expect(await notice()).toBe(m.groupCreated);
    // The e-mail is optional when creating: none is sent.
    expect(bodyOf(server.calls, 'POST', '/api/groups')).toEqual({ name: 'Team' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Team'));
    expect(await screen.findByText(m.noLinks)).toBeTruthy();
  });

  it('invites an address to the open owned group', async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1)] },
      {
        'POST /api/groups/g1/invites': () => ({
          status: 201,
          body: { member: makeMember(2, { status: 'pending' }), message: m.inviteSent },
        }),
      },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Create & Invite');
    fireEvent.click(within(box).getByRole('button', { name: 'Invite member' }));
    type(box, /^Email/, 'Bob@Example.com');
    fireEvent.click(within(box).getByRole('button', { name: 'Invite' }));
    expect(await notice()).toBe(m.inviteSent);
    expect(bodyOf(server.calls, 'POST', '/api/groups/g1/invites')).toEqual({ email: 'bob@example.com' });
  });

  it('offers Upgrade Now when the plan allows no more groups', async () => {
    fakeGroupsServer(
      { groups: [makeGroup(1)] },
      { 'POST /api/groups': () => apiError(402, 'upgrade_required', m.upgradeGroups) },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Create & Invite');
    type(box, /Group name/, 'Second');
    fireEvent.click(within(box).getByRole('button', { name: 'Create' }));
    const alert = await within(box).findByTestId('form-error');
    expect(alert.textContent).toContain(m.upgradeGroups);
    expect(within(alert).getByRole('link', { name: m.upgradeNow }).getAttribute('href')).toBe('/subscriptions');
  });
});

describe('links', () => {
  it('adds a link with the title and RSS address looked up from the pasted address', async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [] } },
      {
        'POST /api/pages/preview': () => ({
          status: 200,
          body: { title: 'Example News', rssFeed: 'https://news.example.com/feed', screenshot: false },
        }),
        'POST /api/groups/g1/links': (_url, init) => {
          const body = JSON.parse(String(init.body)) as GroupLink;
          server.state.links.g1 = [makeLink(1, 'g1', { ...body })];
          return { status: 201, body: { link: server.state.links.g1[0], message: m.linkAdded } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    await screen.findByText(m.noLinks);
    const box = await open('Add Link');
    type(box, 'Web address', 'https://news.example.com/');
    await waitFor(() => expect((within(box).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Example News'));
    expect((within(box).getByLabelText('RSS feed address') as HTMLInputElement).value).toBe(
      'https://news.example.com/feed',
    );
    type(box, 'Category', 'news');
    fireEvent.click(within(box).getByRole('button', { name: 'Add' }));
    expect(await notice()).toBe(m.linkAdded);
    expect(bodyOf(server.calls, 'POST', '/api/groups/g1/links')).toEqual({
      link: 'https://news.example.com/',
      title: 'Example News',
      category: 'News',
      rssFeed: 'https://news.example.com/feed',
    });
    expect(await screen.findByRole('link', { name: 'Example News' })).toBeTruthy();
  });

  it('says when the page cannot be looked up, and checks the fields with the shared rules', async () => {
    fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [] } },
      {
        'POST /api/pages/preview': () => apiError(502, 'fetch_failed', 'The site did not answer.'),
        'POST /api/groups/g1/links': () => apiError(409, 'duplicate_link', m.duplicateLink),
      },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Add Link');
    fireEvent.click(within(box).getByRole('button', { name: 'Add' }));
    expect(await within(box).findByText(m.urlRequired)).toBeTruthy();
    expect(within(box).getByText(m.titleRequired)).toBeTruthy();
    type(box, 'Web address', 'https://down.example.com/');
    expect(await within(box).findByText(m.fetchUrlFailed)).toBeTruthy();
    type(box, /^Title/, 'Down');
    fireEvent.click(within(box).getByRole('button', { name: 'Add' }));
    expect((await within(box).findByTestId('form-error')).textContent).toBe(m.duplicateLink);
  });

  it('ignores a lookup the user cancelled', async () => {
    fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: [] } });
    let resolve: (answer: Response) => void = () => {};
    const answered = { promise: new Promise<Response>((r) => (resolve = r)), resolve: (a: Response) => resolve(a) };
    const serve = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/pages/preview' ? answered.promise : serve(input, init),
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Add Link');
    type(box, 'Web address', 'https://slow.example.com/');
    fireEvent.click(await within(box).findByRole('button', { name: 'Cancel lookup' }));
    expect(within(box).queryByRole('button', { name: 'Cancel lookup' })).toBeNull();
    await act(async () => {
      answered.resolve(new Response(JSON.stringify({ title: 'Too late', rssFeed: null, screenshot: false })));
      await answered.promise;
    });
    expect((within(box).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('');
    expect(within(box).queryByText(m.fetchUrlFailed)).toBeNull();
  });

  it('deletes a link after confirmation', async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [makeLink(1), makeLink(2)] } },
      {
        'DELETE /api/groups/g1/links/l1': () => {
          server.state.links.g1 = [makeLink(2)];
          return { status: 200, body: { message: m.linkDeleted } };
        },
        'POST /api/groups/g1/trash/restore': () => {
          server.state.links.g1 = [makeLink(1), makeLink(2)];
          return { status: 200, body: { restored: 1, savedAgain: [] } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Delete Site 1', 'Delete Link');
    expect(server.count('DELETE', '/api/groups/g1/links/l1')).toBe(0);
    fireEvent.click(within(box).getByRole('button', { name: 'Delete' }));
    expect(await notice()).toContain(m.linkDeleted);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('list', { name: 'Links of Group 1' });
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Site 1' })).toBeNull());
    expect(within(list).getByRole('link', { name: 'Site 2' })).toBeTruthy();

    // Undo in the notice: the link comes back from the group's trash.
    fireEvent.click(within(screen.getByTestId('notification')).getByRole('button', { name: 'Undo' }));
    await screen.findByText('1 link restored');
    expect(bodyOf(server.calls, 'POST', '/api/groups/g1/trash/restore')).toEqual({ ids: ['l1'] });
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Site 1' })).toBeTruthy());
  });

  it('lists the group’s deleted links for the owner and restores one', async () => {
    const deleted = (i: number) => ({
      id: `t${i}`,
      title: `Deleted site ${i} with a title as long as the fixtures’ longest ones, cut with an ellipsis`,
      link: `https://deleted${i}.example.com/`,
      category: 'Work',
      trashedAt: '2026-11-29T08:00:00.000Z',
      purgeAt: '2026-12-29T08:00:00.000Z',
    });
    let trash = [deleted(1), deleted(2)];
    const server = fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [makeLink(1)] } },
      {
        'GET /api/groups/g1/trash': () => ({ status: 200, body: { items: trash, total: trash.length, days: 30 } }),
        'POST /api/groups/g1/trash/restore': () => {
          trash = [deleted(2)];
          return { status: 200, body: { restored: 1, savedAgain: [] } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Deleted Links', 'Deleted links of Group 1');
    expect(
      await within(box).findByText('Deleted bookmarks are kept here for 30 days, then deleted for good.'),
    ).toBeTruthy();
    expect(within(box).getAllByRole('listitem')).toHaveLength(2);
    expect(within(box).getAllByRole('listitem')[0]!.textContent).toContain(
      'deleted 29 Nov 2026 · deleted for good 29 Dec 2026',
    );
    fireEvent.click(within(box).getByRole('button', { name: `Restore ${deleted(1).title}` }));
    expect(await notice()).toContain('1 link restored');
    expect(bodyOf(server.calls, 'POST', '/api/groups/g1/trash/restore')).toEqual({ ids: ['t1'] });
    await waitFor(() => expect(within(box).getAllByRole('listitem')).toHaveLength(1));
  });
});

describe('group dialogs', () => {
  it('renames the group within the name rules', async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [] } },
      {
        'PATCH /api/groups/g1': () => {
          server.state.groups = [makeGroup(1, { name: 'Research' })];
          return { status: 200, body: { group: server.state.groups[0], message: 'Group updated' } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Edit Group');
    type(box, /Group name/, '   ');
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText(m.nameRequired)).toBeTruthy();
    type(box, /Group name/, 'y'.repeat(51));
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    expect(await within(box).findByText(m.nameTooLong)).toBeTruthy();
    type(box, /Group name/, 'Research');
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Research'));
    expect(bodyOf(server.calls, 'PATCH', '/api/groups/g1')).toEqual({ name: 'Research' });
  });

  it('lists the members with their status and lets the owner remove one', async () => {
    const server = fakeGroupsServer(
      {
        groups: [makeGroup(1)],
        links: { g1: [] },
        members: [
          makeMember(1, { role: 'owner', name: 'Ann Lee' }),
          makeMember(2, { name: 'Bob Stone' }),
          makeMember(3, { name: '', userId: null, status: 'pending', email: 'cy@example.com' }),
        ],
      },
      { 'DELETE /api/groups/g1/members/u2': () => ({ status: 200, body: { message: m.memberRemoved } }) },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Manage Members', 'Members of Group 1');
    const list = await within(box).findByRole('list', { name: 'Members of Group 1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Pending')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Remove Ann Lee' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Remove cy@example.com' })).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Remove Bob Stone' }));
    expect(await notice()).toBe(m.memberRemoved);
    await waitFor(() => expect(within(list).queryByText('Bob Stone')).toBeNull());
    expect(server.count('DELETE', '/api/groups/g1/members/u2')).toBe(1);
  });

  it('reloads the open members list when the stream says the members changed', async () => {
    const server = fakeGroupsServer({
      groups: [makeGroup(1)],
      links: { g1: [] },
      members: [makeMember(1, { role: 'owner' })],
    });
    renderSignedIn(<GroupsPage />);
    const box = await open('Manage Members', 'Members of Group 1');
    const list = await within(box).findByRole('list', { name: 'Members of Group 1' });
    server.state.members = [...server.state.members, makeMember(2, { name: 'Dee Joined' })];
    FakeEventSource.latest().emit({ seq: 5, groupId: 'g1', kind: 'members' });
    expect(await within(list).findByText('Dee Joined')).toBeTruthy();
  });

  it('leaves a group and opens the next one without the removal notice', async () => {
    const server = fakeGroupsServer(
      {
        groups: [makeGroup(1, { isOwner: false, ownerId: 'u9', name: 'Theirs' }), makeGroup(2, { name: 'Mine' })],
        links: { g1: [], g2: [] },
      },
      {
        'POST /api/groups/g1/leave': () => {
          server.state.groups = [makeGroup(2, { name: 'Mine' })];
          return { status: 200, body: { message: m.leftGroup } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    const box = await open('Leave Group');
    fireEvent.click(within(box).getByRole('button', { name: 'Leave' }));
    expect(await notice()).toBe(m.leftGroup);
    FakeEventSource.latest().emit({ seq: 4, groupId: 'g1', kind: 'removed' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mine'));
    expect(await notice()).toBe(m.leftGroup);
  });
});
