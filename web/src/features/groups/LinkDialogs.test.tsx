// @vitest-environment jsdom
import { groupMessages as m, type GroupLink } from '@linkhive/shared/domain';
import { watchScrollIntoView } from '@linkhive/shared/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupsPage } from './GroupsPage';
import { apiError, fakeGroupsServer, makeGroup, makeLink, renderSignedIn, stubEventSource } from '../../testing/groups';

beforeEach(() => stubEventSource());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notice = async () => (await screen.findByTestId('notification')).textContent;
const linkList = (name: string) => screen.findByRole('list', { name: `Links of ${name}` });
const type = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const valueOf = (scope: HTMLElement, label: string | RegExp) =>
  (within(scope).getByLabelText(label) as HTMLInputElement).value;

describe('Edit Link', () => {
  it('checks the address and title, then saves with the API message', async () => {
    const server = fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [makeLink(1)] } },
      {
        'PATCH /api/groups/g1/links/l1': (_url, init) => {
          const body = JSON.parse(String(init.body)) as Partial<GroupLink>;
          server.state.links.g1 = [makeLink(1, 'g1', body)];
          return { status: 200, body: { link: server.state.links.g1[0], message: m.linkUpdated } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    fireEvent.click(within(await linkList('Group 1')).getByRole('button', { name: 'Edit Site 1' }));
    const box = await screen.findByRole('dialog', { name: 'Edit Link' });
    expect(valueOf(box, 'Web address')).toBe('https://site1.example.com/');
    expect(valueOf(box, /^Title/)).toBe('Site 1');
    expect(valueOf(box, 'Category')).toBe('Work');
    const save = () => fireEvent.click(within(box).getByRole('button', { name: 'Save' }));

    type(box, 'Web address', '');
    type(box, /^Title/, '');
    save();
    expect(await within(box).findByText('URL is required')).toBeTruthy();
    expect(within(box).getByText('Title is required')).toBeTruthy();

    type(box, 'Web address', 'ftp://site1.example.com/');
    type(box, /^Title/, 'Renamed');
    save();
    expect(await within(box).findByText('Must be a valid URL')).toBeTruthy();
    expect(within(box).queryByText('Title is required')).toBeNull();
    expect(server.count('PATCH', '/api/groups/g1/links/l1')).toBe(0);

    // Back to the saved address, which is not looked up again; only the title changes.
    type(box, 'Web address', 'https://site1.example.com/');
    save();
    expect(await notice()).toBe('Domain updated successfully');
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      link: 'https://site1.example.com/',
      title: 'Renamed',
      category: 'Work',
      rssFeed: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Link' })).toBeNull());
    expect(await within(await linkList('Group 1')).findByRole('link', { name: 'Renamed' })).toBeTruthy();
  });

  it('brings the first field in error into view with the focus (issue 26)', async () => {
    fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: [makeLink(1)] } });
    const scrolls = watchScrollIntoView();
    try {
      renderSignedIn(<GroupsPage />);
      fireEvent.click(within(await linkList('Group 1')).getByRole('button', { name: 'Edit Site 1' }));
      const box = await screen.findByRole('dialog', { name: 'Edit Link' });
      type(box, /^Title/, '');
      fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
      expect(await within(box).findByText('Title is required')).toBeTruthy();
      const title = within(box).getByLabelText(/^Title/);
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(scrolls.scrolled).toEqual([title]);
    } finally {
      scrolls.restore();
    }
  });

  it("shows the API's refusal in the dialog", async () => {
    fakeGroupsServer(
      { groups: [makeGroup(1)], links: { g1: [makeLink(1)] } },
      { 'PATCH /api/groups/g1/links/l1': () => apiError(409, 'duplicate_link', m.duplicateLink) },
    );
    renderSignedIn(<GroupsPage />);
    fireEvent.click(within(await linkList('Group 1')).getByRole('button', { name: 'Edit Site 1' }));
    const box = await screen.findByRole('dialog', { name: 'Edit Link' });
    type(box, /^Title/, 'Other');
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    expect((await within(box).findByTestId('form-error')).textContent).toContain(m.duplicateLink);
  });
});

describe('Move Link', () => {
  const groups = () => [
    makeGroup(1),
    makeGroup(2, { name: 'Target' }),
    makeGroup(3, { name: 'Theirs', isOwner: false, ownerId: 'u9' }),
  ];

  it('moves a link to another group the user owns, with the API message', async () => {
    const server = fakeGroupsServer(
      { groups: groups(), links: { g1: [makeLink(1), makeLink(2)], g2: [] } },
      {
        'POST /api/groups/g1/links/l1/move': () => {
          const [moved, ...rest] = server.state.links.g1!;
          server.state.links.g1 = rest;
          server.state.links.g2 = [{ ...moved!, groupId: 'g2' }];
          return { status: 200, body: { link: server.state.links.g2[0], message: m.linkUpdated } };
        },
      },
    );
    renderSignedIn(<GroupsPage />);
    const list = await linkList('Group 1');
    fireEvent.click(within(list).getByRole('button', { name: 'Move Site 1' }));
    const box = await screen.findByRole('dialog', { name: 'Move Link' });

    fireEvent.click(within(box).getByRole('button', { name: 'Move' }));
    expect(await within(box).findByText(m.groupRequired)).toBeTruthy();

    fireEvent.mouseDown(within(box).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    // Only the other group the user owns: not the link's own group, nor one they only belong to.
    expect(options.map((o) => o.textContent)).toEqual(['Target']);
    fireEvent.click(options[0]!);
    fireEvent.click(within(box).getByRole('button', { name: 'Move' }));
    expect(await notice()).toBe(m.linkUpdated);
    expect(server.calls.find((c) => c.url === '/api/groups/g1/links/l1/move')?.body).toEqual({ groupId: 'g2' });
    // The page is hidden from the accessibility tree while the dialog is open, so wait for it to close first.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move Link' })).toBeNull());
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Site 1' })).toBeNull());
    expect(within(list).getByRole('link', { name: 'Site 2' })).toBeTruthy();
  });

  it("shows the API's refusal in the dialog and keeps it open", async () => {
    fakeGroupsServer(
      { groups: groups(), links: { g1: [makeLink(1)], g2: [] } },
      { 'POST /api/groups/g1/links/l1/move': () => apiError(409, 'duplicate_link', m.duplicateLink) },
    );
    renderSignedIn(<GroupsPage />);
    fireEvent.click(within(await linkList('Group 1')).getByRole('button', { name: 'Move Site 1' }));
    const box = await screen.findByRole('dialog', { name: 'Move Link' });
    fireEvent.mouseDown(within(box).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Target' }));
    fireEvent.click(within(box).getByRole('button', { name: 'Move' }));
    expect((await within(box).findByTestId('form-error')).textContent).toContain(m.duplicateLink);
  });

  it('is not offered when the owner has no other group of their own', async () => {
    fakeGroupsServer({
      groups: [makeGroup(1), makeGroup(3, { name: 'Theirs', isOwner: false, ownerId: 'u9' })],
      links: { g1: [makeLink(1)] },
    });
    renderSignedIn(<GroupsPage />);
    const list = await linkList('Group 1');
    expect(within(list).getByRole('button', { name: 'Edit Site 1' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Move Site 1' })).toBeNull();
  });
});
