// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, makeProfile, renderApp } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Keep readable copies', () => {
  it('asks before turning off, since the copies are deleted, and turns on again at once', async () => {
    let profile = makeProfile();
    const server = fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/profile': () => ({ status: 200, body: profile }),
      'PATCH /api/profile': (_url, init) => {
        const { settings } = JSON.parse(String(init.body));
        profile = { ...profile, settings: { ...profile.settings, ...settings } };
        return { status: 200, body: profile };
      },
    });
    renderApp('/profile');
    const toggle = await screen.findByRole('switch', { name: 'Keep readable copies' });
    expect(toggle).toHaveProperty('checked', true);

    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Stop keeping readable copies?' });
    // Cancel leaves everything as it was.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(toggle).toHaveProperty('checked', true);

    fireEvent.click(toggle);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Readable copies deleted.');
    expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { settings: { keepCopies: false } },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Keep readable copies' })).toHaveProperty('checked', false),
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Keep readable copies' }));
    await screen.findByText('Pages you save from now on are kept to read.');
    expect(server.calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ settings: { keepCopies: true } });
  });
});
