// @vitest-environment jsdom
import { NotificationProvider } from '@linkhive/shared/ui';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../../testing/extensionPages';
import { BookmarkBrowser } from './BookmarkBrowser';
import { renderWithQueries } from '../../testing/renderWithQueries';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);

/** A budget for a busy machine, not a wait: each check passes as soon as the list shows it. */
const budget = { timeout: 10_000 };

const titles = () =>
  within(screen.getByRole('list', { name: 'Bookmarks' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the side panel’s bookmarks', () => {
  it('loads its list again after a save made elsewhere: the popup, the menu, the shortcut', async () => {
    const ext = await setupPages();
    await ext.server.seed({ link: 'https://first.example.com/', title: 'First', category: 'Work' });
    renderWithQueries(
      <NotificationProvider>
        <BookmarkBrowser />
      </NotificationProvider>,
    );
    await waitFor(() => expect(titles()).toEqual(['First']), budget);

    // The popup's save goes through the background, as the menu's and the shortcut's do.
    await ext.browser.runtime.sendMessage({
      type: 'save',
      input: { link: 'https://popup.example.com/', title: 'From the popup', category: 'Work' },
    });
    await waitFor(() => expect(titles()).toEqual(['From the popup', 'First']), budget);

    await ext.openTab('https://shortcut.example.com/', 'From the shortcut');
    await ext.pressShortcut();
    await waitFor(() => expect(titles()).toEqual(['From the shortcut', 'From the popup', 'First']), budget);

    // The popup's Edit and Undo: the change goes to the server, then the page tells the background.
    const [shortcut, popup] = ext.server.stored().slice(-2).reverse();
    await ext.pageApi.update(shortcut!.id, { title: 'Renamed in the popup' });
    await ext.pageApi.remove(popup!.id);
    await ext.browser.runtime.sendMessage({ type: 'refresh-badges', links: [shortcut!.link, popup!.link] });
    await waitFor(() => expect(titles()).toEqual(['Renamed in the popup', 'First']), budget);
  });

  it('shows a link that moved or broke, checks it again, and takes its new address', async () => {
    const ext = await setupPages();
    const dead = await ext.server.seed({ link: 'https://gone.example.com/', title: 'Gone', category: 'News' });
    const moved = await ext.server.seed({ link: 'https://old.example.com/', title: 'Moved', category: 'News' });
    ext.server.setHealth(dead.id, { health: 'broken', finalUrl: null });
    ext.server.setHealth(moved.id, { health: 'redirected', finalUrl: 'https://new.example.com/' });
    renderWithQueries(
      <NotificationProvider>
        <BookmarkBrowser />
      </NotificationProvider>,
    );
    const row = async (title: string) =>
      within(await screen.findByRole('link', { name: title }, budget).then((a) => a.closest('li')!));
    expect((await row('Gone')).getByText('Broken link')).toBeTruthy();
    expect((await row('Moved')).getByText('Now at https://new.example.com/')).toBeTruthy();

    (await row('Moved')).getByRole('button', { name: 'Update address' }).click();
    await waitFor(
      () => expect(ext.server.stored().find((b) => b.id === moved.id)!.link).toBe('https://new.example.com/'),
      budget,
    );

    (await row('Gone')).getByRole('button', { name: 'Check now' }).click();
    await screen.findByText('Link works', {}, budget);
    await waitFor(() => expect(screen.queryByText('Broken link')).toBeNull(), budget);
  });

  it('says Link Deleted with Undo, which brings the bookmark back from the trash', async () => {
    const ext = await setupPages();
    const gone = await ext.server.seed({ link: 'https://kestrel.example.com/', title: 'Kestrel', category: 'Birds' });
    await ext.server.seed({ link: 'https://heron.example.com/', title: 'Heron', category: 'Birds' });
    renderWithQueries(
      <NotificationProvider>
        <BookmarkBrowser />
      </NotificationProvider>,
    );
    await waitFor(() => expect(titles().sort()).toEqual(['Heron', 'Kestrel']), budget);
    const row = (await screen.findByRole('link', { name: 'Kestrel' }, budget)).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Bookmark' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const notice = await screen.findByTestId('notification', {}, budget);
    expect(notice.textContent).toContain('Link Deleted');
    await waitFor(() => expect(titles()).toEqual(['Heron']), budget);
    expect(ext.server.stored().map((b) => b.id)).not.toContain(gone.id);

    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await screen.findByText('1 link restored', {}, budget);
    await waitFor(() => expect(titles().sort()).toEqual(['Heron', 'Kestrel']), budget);
    expect(ext.server.stored().find((b) => b.id === gone.id)).toMatchObject({ title: 'Kestrel', category: 'Birds' });
  });
});
