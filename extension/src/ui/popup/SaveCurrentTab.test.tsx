// @vitest-environment jsdom
import { groupMessages } from '@linkhive/shared/domain';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../../testing/extensionPages';
import { SaveCurrentTab } from './SaveCurrentTab';
import { expectShown } from '@linkhive/shared/testing';
import { renderWithQueries } from '../../testing/renderWithQueries';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);
// A budget for a busy 2-core machine, not a wait: each find passes as soon as the page shows it.
configure({ asyncUtilTimeout: 10_000 });

const tab = { id: 1, windowId: 1, url: 'https://example.com/article', title: 'An article' };

async function openPopup() {
  const ext = await setupPages();
  const own = ext.server.seedGroup('Design team', 'u1');
  ext.server.seedGroup('Ops', 'u2', ['u1']);
  renderWithQueries(<SaveCurrentTab tab={tab} askFirst />);
  await screen.findByRole('form', { name: 'Add Link' });
  return { ext, own };
}

async function chooseTarget(name: string) {
  const select = await screen.findByRole('combobox', { name: 'Save to' });
  const option = within(select).getByRole<HTMLOptionElement>('option', { name });
  fireEvent.change(select, { target: { value: option.value } });
}

describe('the popup with workspace groups', () => {
  it('offers the groups the user owns beside their own bookmarks, not those they are a member of', async () => {
    await openPopup();
    const select = within(await screen.findByRole('combobox', { name: 'Save to' }));
    expect(select.getAllByRole('option').map((o) => o.textContent)).toEqual(['My bookmarks', 'Design team']);
    const groups = within(select.getByRole('group', { name: 'Workspace groups' }));
    expect(groups.getAllByRole('option').map((o) => o.textContent)).toEqual(['Design team']);
  });

  it('saves the page into the chosen group through the group endpoint', async () => {
    const { ext, own } = await openPopup();
    await chooseTarget('Design team');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(groupMessages.linkAdded);
    expectShown(screen.getByText('Saved in the workspace group Design team.'));
    expect(ext.server.groupLinks(own).map((l) => [l.link, l.title])).toEqual([[tab.url, tab.title]]);
    expect(ext.server.count(`/api/groups/${own}/links`, 'POST')).toBe(1);
    expect(ext.server.stored()).toEqual([]);
  });

  it('shows the server’s refusal when the link is in the group already, and keeps the form', async () => {
    const { ext, own } = await openPopup();
    ext.server.seedGroupLink(own, { link: tab.url, title: 'Earlier' });
    await chooseTarget('Design team');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(groupMessages.duplicateLink);
    // Kept as it was, to correct and save again.
    const form = within(screen.getByRole('form', { name: 'Add Link' }));
    expect(form.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', tab.title);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Save to' }).selectedOptions[0]?.textContent).toBe(
      'Design team',
    );
    expect(form.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(ext.server.groupLinks(own)).toHaveLength(1);
  });

  it('says a group save needs the server when offline, and queues nothing', async () => {
    const { ext, own } = await openPopup();
    await chooseTarget('Design team');
    ext.server.setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Saving into a workspace group needs a connection to the server. Try again when you are back online.',
    );
    ext.server.setOnline(true);
    expect(ext.server.groupLinks(own)).toEqual([]);
  });

  it('adds a page that is in the bookmarks already to a group', async () => {
    const ext = await setupPages();
    const own = ext.server.seedGroup('Design team', 'u1');
    await ext.server.seed({ link: tab.url, title: tab.title, category: 'News' });
    renderWithQueries(<SaveCurrentTab tab={tab} askFirst />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to a workspace group' }));
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Save to' });
    expect(select.value).toBe(own);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(groupMessages.linkAdded);
    expect(ext.server.groupLinks(own).map((l) => l.link)).toEqual([tab.url]);
  });

  it('saves a bookmark as before when My bookmarks stays chosen', async () => {
    const { ext, own } = await openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('region', { name: 'Saved' });
    expect(ext.server.stored().map((b) => b.link)).toEqual([tab.url]);
    expect(ext.server.groupLinks(own)).toEqual([]);
  });
});

describe('the popup’s delete', () => {
  it('says Link Deleted with Undo, which brings the bookmark back from the trash as it was', async () => {
    const ext = await setupPages();
    const saved = await ext.server.seed({ link: tab.url, title: 'Kept title', category: 'News' });
    renderWithQueries(<SaveCurrentTab tab={tab} askFirst />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete bookmark?' })).getByRole('button', { name: 'Delete' }),
    );
    const status = await screen.findByText('Link Deleted');
    expect(ext.server.stored()).toEqual([]);
    // The form is back, to save the page anew; Undo is beside the notice.
    expect(screen.getByRole('form', { name: 'Add Link' })).toBeTruthy();
    fireEvent.click(within(status.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect((await screen.findByRole('region', { name: 'Saved' })).textContent).toContain('1 link restored');
    expect(ext.server.stored()).toEqual([
      expect.objectContaining({ id: saved.id, title: 'Kept title', category: 'News' }),
    ]);
  });
});
