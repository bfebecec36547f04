// @vitest-environment jsdom
import { duplicateMessages, type DuplicateGroup } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const longTitle =
  'A title as long as the fixtures’ longest ones, which must end in an ellipsis rather than push the page wider';

/** Group `g`: its page saved `size` times, the first the oldest and a favourite. */
const group = (g: number, size = 2): DuplicateGroup => ({
  key: `news${g}.example.com/2026/11/a-very-long-path-of-an-article-about-bookmarks-${g}`,
  items: Array.from({ length: size }, (_, i) => ({
    id: `g${g}-${i}`,
    title: `${longTitle} (${g}.${i})`,
    link: `https://${i ? 'www.' : ''}news${g}.example.com/2026/11/a-very-long-path-of-an-article-about-bookmarks-${g}${i ? `?utm_source=feed${i}` : ''}`,
    category: 'Reading',
    favourite: i === 0,
    createdAt: `2026-11-2${i}T08:00:00.000Z`,
    hasCopy: i === 1,
    rssFeed: null,
    promotor: null,
  })),
});

/** A library with `count` duplicate groups, served like the server: a merge takes its group away. */
function library(count: number, opts: { failOn?: string } = {}) {
  let groups = Array.from({ length: count }, (_, i) => group(i + 1, i === 0 ? 3 : 2));
  return fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
    'GET /api/duplicates': (url) => {
      const q = new URL(url, 'http://x').searchParams;
      const size = Number(q.get('pageSize') ?? 20);
      const from = (Number(q.get('page') ?? 1) - 1) * size;
      return {
        status: 200,
        body: {
          groups: groups.slice(from, from + size),
          total: groups.length,
          extra: groups.reduce((n, g) => n + g.items.length - 1, 0),
        },
      };
    },
    'POST /api/duplicates/merge': (_url, init) => {
      const { keepId, ids } = JSON.parse(String(init.body)) as { keepId: string; ids: string[] };
      if (keepId === opts.failOn) return { status: 500, body: { error: { code: 'internal', message: 'x' } } };
      groups = groups.filter((g) => !g.items.some((i) => i.id === keepId));
      return { status: 200, body: { keptId: keepId, trashed: ids.filter((id) => id !== keepId).length } };
    },
  });
}

const sections = () => screen.getAllByRole('region');

describe('the Duplicates page', () => {
  it('lists each group with what its bookmarks carry, and merges into the bookmark picked', async () => {
    const { calls } = library(3);
    renderApp('/duplicates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplicates' })).toBeTruthy();
    await waitFor(() => expect(sections()).toHaveLength(3));
    const first = within(sections()[0]!);
    expect(first.getByText('Reading · saved 20 Nov 2026 · favourite')).toBeTruthy();
    expect(first.getByText('Reading · saved 21 Nov 2026 · readable copy')).toBeTruthy();
    // The oldest is kept unless the user picks another.
    const radios = first.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.checked)).toEqual([true, false, false]);
    fireEvent.click(radios[2]!);
    fireEvent.click(first.getByRole('button', { name: `Merge ${group(1).key}` }));

    expect((await screen.findByTestId('notification')).textContent).toContain(duplicateMessages.merged(2));
    expect(calls.find((c) => c.url === '/api/duplicates/merge')!.body).toEqual({
      keepId: 'g1-2',
      ids: ['g1-0', 'g1-1', 'g1-2'],
    });
    await waitFor(() => expect(sections()).toHaveLength(2));
  });

  it('merges every group after the confirmation, with progress, until none is left', async () => {
    const { calls } = library(45);
    renderApp('/duplicates');
    const all = await screen.findByRole('button', { name: duplicateMessages.mergeAll(45) });
    fireEvent.click(all);
    const dialog = await screen.findByRole('dialog', { name: duplicateMessages.mergeAllConfirmTitle });
    expect(dialog.textContent).toContain(duplicateMessages.mergeAllConfirmText(46));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect((await screen.findByTestId('notification', {}, { timeout: 10_000 })).textContent).toContain(
      duplicateMessages.merged(46),
    );
    expect(calls.filter((c) => c.url === '/api/duplicates/merge')).toHaveLength(45);
    expect(await screen.findByText(duplicateMessages.none)).toBeTruthy();
  });

  it('stops merging all at the first failure and says so', async () => {
    const { calls } = library(5, { failOn: 'g3-0' });
    renderApp('/duplicates');
    fireEvent.click(await screen.findByRole('button', { name: duplicateMessages.mergeAll(5) }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(duplicateMessages.failed);
    expect(calls.filter((c) => c.url === '/api/duplicates/merge')).toHaveLength(3);
    await waitFor(() => expect(sections()).toHaveLength(3));
  });

  it('says when every page is saved once', async () => {
    library(0);
    renderApp('/duplicates');
    expect(await screen.findByText(duplicateMessages.none)).toBeTruthy();
    expect((screen.getByRole('button', { name: duplicateMessages.mergeAll(0) }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
