// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../../testing/extensionPages';
import { useExtensionSession } from '../session';
import { SidePanelApp } from './SidePanelApp';
import { renderWithQueries } from '../../testing/renderWithQueries';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);
// A budget for a busy 2-core machine, not a wait: each find passes as soon as the page shows it.
configure({ asyncUtilTimeout: 10_000 });

describe('the side panel', () => {
  it('switches from the bookmarks to the workspace groups’ links', async () => {
    const ext = await setupPages();
    const theirs = ext.server.seedGroup('Ops', 'u2', ['u1']);
    ext.server.seedGroupLink(theirs, { link: 'https://status.example.com/', title: 'Status page' });
    await useExtensionSession.getState().load();
    renderWithQueries(<SidePanelApp />);

    // The heading names the view shown: the selected tab's.
    const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;
    expect(screen.getByRole('heading', { level: 1, name: 'My bookmarks' }).textContent).toBe(selectedTab());
    fireEvent.click(screen.getByRole('tab', { name: 'Workspace' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Workspace' }).textContent).toBe(selectedTab());
    const list = await screen.findByRole('list', { name: 'Links of Ops' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Status page']);
    expect(screen.getByRole('tabpanel', { name: 'Workspace' }).contains(list)).toBe(true);
  });
});
