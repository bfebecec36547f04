// @vitest-environment jsdom
import type { TrashedBookmark } from '@linkhive/shared/domain';
import { trashMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const trashed = (i: number): TrashedBookmark => ({
  id: `t${i}`,
  title: `Deleted story ${i} with a title as long as the fixtures' longest ones, which must end in an ellipsis`,
  link: `https://deleted${i}.example.com/`,
  category: 'Reading',
  trashedAt: '2026-11-29T08:00:00.000Z',
  purgeAt: '2026-12-29T08:00:00.000Z',
});

/** A trash of `count` bookmarks served like the server: restore and empty change what it lists. */
function trash(count: number, opts: { savedAgain?: string[] } = {}) {
  let items = Array.from({ length: count }, (_, i) => trashed(i + 1));
  const server = fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
    'GET /api/trash': () => ({ status: 200, body: { items, total: items.length, days: 30 } }),
    'POST /api/trash/restore': (_url, init) => {
      const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
      const again = items.filter((b) => ids.includes(b.id) && opts.savedAgain?.includes(b.id));
      const back = items.filter((b) => ids.includes(b.id) && !opts.savedAgain?.includes(b.id));
      items = items.filter((b) => !back.includes(b));
      return {
        status: 200,
        body: {
          restored: back.length,
          savedAgain: again.map((b) => ({ id: b.id, title: b.title, savedAgainAs: `new-${b.id}` })),
        },
      };
    },
    'POST /api/duplicates/merge': (_url, init) => {
      const { keepId, ids } = JSON.parse(String(init.body)) as { keepId: string; ids: string[] };
      items = items.filter((b) => b.id !== keepId);
      return { status: 200, body: { keptId: keepId, trashed: ids.length } };
    },
    'DELETE /api/trash': () => {
      const deleted = items.length;
      items = [];
      return { status: 200, body: { deleted } };
    },
  });
  return server;
}

const rows = () => within(screen.getByRole('list', { name: 'Deleted bookmarks' })).getAllByRole('listitem');

describe('the Trash page', () => {
  it('lists deleted bookmarks with their category and dates, and restores one', async () => {
    const { calls } = trash(3);
    renderApp('/trash');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trash' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByText(trashMessages.keptFor(30))).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('deleted 29 Nov 2026 · deleted for good 29 Dec 2026 · Reading');

    fireEvent.click(screen.getByRole('button', { name: `Restore ${trashed(2).title}` }));
    expect((await screen.findByTestId('notification')).textContent).toContain('1 link restored');
    expect(calls.find((c) => c.url === '/api/trash/restore')!.body).toEqual({ ids: ['t2'] });
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('says when a page was saved again since, and keeps it in the trash', async () => {
    const { calls } = trash(1, { savedAgain: ['t1'] });
    renderApp('/trash');
    fireEvent.click(await screen.findByRole('button', { name: `Restore ${trashed(1).title}` }));
    const notice = await screen.findByTestId('notification');
    expect(notice.textContent).toContain(trashMessages.savedAgainMerge(1));
    expect(rows()).toHaveLength(1);
    // Restore and merge: the deleted one comes back in place of the newer bookmark.
    fireEvent.click(within(notice).getByRole('button', { name: 'Restore and merge' }));
    expect(await screen.findByText('1 link restored')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/duplicates/merge')!.body).toEqual({ keepId: 't1', ids: ['new-t1'] });
    expect(await screen.findByText(trashMessages.empty)).toBeTruthy();
  });

  it('empties the trash only after the confirmation, then says it is empty', async () => {
    const { calls } = trash(2);
    renderApp('/trash');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Empty trash' }));
    const dialog = await screen.findByRole('dialog', { name: trashMessages.emptyConfirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Empty trash' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('notification')).textContent).toContain('2 links deleted for good');
    expect(await screen.findByText(trashMessages.empty)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Empty trash' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
