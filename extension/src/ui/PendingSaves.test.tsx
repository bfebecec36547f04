// @vitest-environment jsdom
import { extensionMessages } from '@linkhive/shared/domain';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../testing/extensionPages';
import { PendingSaves } from './PendingSaves';
import { useExtensionSession } from './session';
import { renderWithQueries } from '../testing/renderWithQueries';

vi.mock('./extension', async () => (await import('../testing/extensionPages')).pageModule);

afterEach(cleanup);

const bob = { email: 'bob@example.com', password: 'Passw0rd!' };
const ann = { email: 'ann@example.com', password: 'Passw0rd!' };

describe('the waiting list in the popup', () => {
  it("shows Ann's waiting saves to Ann only: not to Bob, not signed out", async () => {
    const ext = await setupPages();
    ext.server.setOnline(false);
    await ext.bg.saver.save({ link: 'https://ann.example.com/', title: 'Ann only', category: 'News' });
    ext.server.setOnline(true);
    const session = useExtensionSession.getState();
    await act(() => session.load());
    renderWithQueries(<PendingSaves />);
    // A budget for a busy machine, not a wait: found as soon as it shows.
    const region = await screen.findByRole('region', { name: 'Pending saves' }, { timeout: 10_000 });
    expect(region.textContent).toContain(extensionMessages.pendingSaves(1));
    expect(region.textContent).toContain('Ann only (News)');

    await act(async () => {
      await ext.pageApi.signOut();
      await session.load();
    });
    expect(screen.queryByRole('region', { name: 'Pending saves' })).toBeNull();

    await act(async () => {
      await ext.pageApi.signIn(bob);
      await session.load();
    });
    expect(screen.queryByRole('region', { name: 'Pending saves' })).toBeNull();
    expect(screen.queryByText(/Ann only/)).toBeNull();

    expect(ext.server.stored('u2')).toEqual([]);

    // Ann again: her sign-in sends it, under her account.
    await act(async () => {
      await ext.pageApi.signOut();
      await ext.pageApi.signIn(ann);
      await session.load();
    });
    expect(ext.server.stored('u1')).toMatchObject([{ title: 'Ann only' }]);
    expect(screen.queryByRole('region', { name: 'Pending saves' })).toBeNull();
  });
});
