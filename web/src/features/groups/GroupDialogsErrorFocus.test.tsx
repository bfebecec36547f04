// @vitest-environment jsdom
import { authMessages, groupMessages as m } from '@linkhive/shared/domain';
import { watchScrollIntoView } from '@linkhive/shared/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupsPage } from './GroupsPage';
import {
  fakeGroupsServer,
  findLinkList,
  makeGroup,
  makeLink,
  renderSignedIn,
  stubEventSource,
} from '../../testing/groups';

// Issue 26: a refused form brings its first field in error into view with the focus, so that the
// message under it is seen and read out. The focus is put on the submit button first, as a click
// leaves it: the fields that autofocus on opening prove nothing otherwise.

let scrolls: ReturnType<typeof watchScrollIntoView>;
beforeEach(() => {
  stubEventSource();
  scrolls = watchScrollIntoView();
});
afterEach(() => {
  scrolls.restore();
  cleanup();
  vi.unstubAllGlobals();
});

const submitWith = (box: HTMLElement, name: string) => {
  const button = within(box).getByRole('button', { name });
  button.focus();
  fireEvent.click(button);
};

async function expectFocusOn(field: HTMLElement) {
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect(scrolls.scrolled.at(-1)).toBe(field);
}

describe('the first field in error gets the focus', () => {
  it('in Create & Invite: the group name, and when inviting the group before the address', async () => {
    // The open group is someone else's: no group is preselected for an invitation.
    fakeGroupsServer({
      groups: [makeGroup(1, { isOwner: false, ownerId: 'u9', name: 'Theirs' }), makeGroup(2, { name: 'Team' })],
      links: { g1: [], g2: [] },
    });
    renderSignedIn(<GroupsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create & Invite' }));
    const box = await screen.findByRole('dialog', { name: 'Create & Invite' });

    submitWith(box, 'Create');
    expect(await within(box).findByText(m.nameRequired)).toBeTruthy();
    await expectFocusOn(within(box).getByLabelText(/Group name/));

    fireEvent.click(within(box).getByRole('button', { name: 'Invite member' }));
    submitWith(box, 'Invite');
    expect(await within(box).findByText(m.selectionRequired)).toBeTruthy();
    expect(within(box).getByText(authMessages.emailRequired)).toBeTruthy();
    await expectFocusOn(within(box).getByRole('combobox'));
  });

  it('in Edit Group: the group name', async () => {
    fakeGroupsServer({ groups: [makeGroup(1)], links: { g1: [] } });
    renderSignedIn(<GroupsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Group' }));
    const box = await screen.findByRole('dialog', { name: 'Edit Group' });
    fireEvent.change(within(box).getByLabelText(/Group name/), { target: { value: 'y'.repeat(51) } });
    submitWith(box, 'Save');
    expect(await within(box).findByText(m.nameTooLong)).toBeTruthy();
    await expectFocusOn(within(box).getByLabelText(/Group name/));
  });

  it('in Move Link: the group to move to', async () => {
    fakeGroupsServer({
      groups: [makeGroup(1), makeGroup(2, { name: 'Target' })],
      links: { g1: [makeLink(1)], g2: [] },
    });
    renderSignedIn(<GroupsPage />);
    fireEvent.click(within(await findLinkList('Group 1')).getByRole('button', { name: 'Move Site 1' }));
    const box = await screen.findByRole('dialog', { name: 'Move Link' });
    submitWith(box, 'Move');
    expect(await within(box).findByText(m.groupRequired)).toBeTruthy();
    await expectFocusOn(within(box).getByRole('combobox'));
  });
});
