// @vitest-environment jsdom
import { groupMessages } from '@linkhive/shared/domain';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../../testing/extensionPages';
import { GroupsBrowser } from './GroupsBrowser';
import { saveToGroup } from '../popup/saveToGroup';
import { expectShown } from '@linkhive/shared/testing';
import { renderWithQueries } from '../../testing/renderWithQueries';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);
// A budget for a busy 2-core machine, not a wait: each find passes as soon as the page shows it.
configure({ asyncUtilTimeout: 10_000 });

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the side panel’s workspace', () => {
  it('opens the first group, lists its links a page at a time, and offers no edits', async () => {
    const ext = await setupPages();
    const own = ext.server.seedGroup('Design team', 'u1');
    for (let i = 1; i <= 27; i++)
      ext.server.seedGroupLink(own, { link: `https://site${i}.example.com/`, title: `Site ${i}`, category: 'Tools' });
    renderWithQueries(<GroupsBrowser />);

    const list = await screen.findByRole('list', { name: 'Links of Design team' });
    expect(titles(list)).toHaveLength(25);
    expect(titles(list)[0]).toBe('Site 27');
    expect(within(list).getAllByText('Tools · site27.example.com')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show more (2)' }));
    await waitFor(() => expect(titles(list)).toHaveLength(27));
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(within(list).queryAllByRole('button')).toEqual([]);
  });

  it('lists the links of a group the user is a member of', async () => {
    const ext = await setupPages();
    ext.server.seedGroup('Design team', 'u1');
    const theirs = ext.server.seedGroup('Ops', 'u2', ['u1']);
    ext.server.seedGroupLink(theirs, { link: 'https://status.example.com/', title: 'Status page' });
    renderWithQueries(<GroupsBrowser />);

    expectShown(await screen.findByText(groupMessages.noLinks));
    const picker = screen.getByRole('combobox', { name: 'Group' });
    fireEvent.mouseDown(picker);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Design team (owner)', 'Ops (member)']);
    fireEvent.click(options[1]!);
    const list = await screen.findByRole('list', { name: 'Links of Ops' });
    expect(titles(list)).toEqual(['Status page']);
    expect(within(list).getByRole('link', { name: 'Status page' }).getAttribute('href')).toBe(
      'https://status.example.com/',
    );
  });

  it('lists a link saved into the group from the popup without a reload', async () => {
    const ext = await setupPages();
    const own = ext.server.seedGroup('Design team', 'u1');
    ext.server.seedGroupLink(own, { link: 'https://first.example.com/', title: 'First' });
    renderWithQueries(<GroupsBrowser />);
    const list = await screen.findByRole('list', { name: 'Links of Design team' });
    expect(titles(list)).toEqual(['First']);

    // As the popup does: the server takes the link, then the change is announced.
    await saveToGroup(own, {
      link: 'https://second.example.com/',
      title: 'Second',
      category: 'Tools',
      rssFeed: null,
      favourite: false,
      promotor: null,
    });
    await waitFor(() => expect(titles(list)).toEqual(['Second', 'First']));
  });

  it('says so when the user is in no group', async () => {
    await setupPages();
    renderWithQueries(<GroupsBrowser />);
    expectShown(await screen.findByText(groupMessages.noGroups));
  });
});
