// @vitest-environment jsdom
import { groupMessages, invitePath } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeGroup } from '../../testing/groups';
import { fakeServer, makeMe, renderApp, signedOut } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invitation = `${invitePath}?token=abc123`;
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('an invitee without an account', () => {
  it('goes from the invitation to Login, switches to Sign Up, and comes back to the invitation', async () => {
    let signedIn = false;
    const { calls } = fakeServer({
      'GET /api/auth/me': (...args) => (signedIn ? { status: 200, body: makeMe() } : signedOut(...args)),
      'POST /api/auth/signup': () => {
        signedIn = true;
        return { status: 201, body: makeMe() };
      },
      'POST /api/invites/accept': () => ({
        status: 200,
        body: { status: 'joined', message: groupMessages.joined, group: makeGroup(1) },
      }),
    });
    const { location } = renderApp(invitation);
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(location().search).toBe(`?redirect=${encodeURIComponent(invitation)}`);

    fireEvent.click(screen.getByRole('link', { name: 'No account? Sign Up' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    fireEvent.change(field(/first name/i), { target: { value: 'Ann' } });
    fireEvent.change(field(/email/i), { target: { value: 'ann@example.com' } });
    for (const input of screen.getAllByLabelText(/password/i, { selector: 'input' }))
      fireEvent.change(input, { target: { value: 'Passw0rd!long' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await screen.findByRole('heading', { level: 1, name: 'Workspace invitation' });
    expect(location().pathname + location().search).toBe(invitation);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/signup')).toBe(true));
  });
});
