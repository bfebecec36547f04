// @vitest-environment jsdom
import type { AcceptedInvite, Group } from '@linkhive/shared/domain';
import { groupMessages, groupRules, invitePath, workspacePath } from '@linkhive/shared/domain';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { fakeServer, makeMe } from '../../testing/renderApp';
import { GroupInvitePage } from './GroupInvitePage';
import { QueryProvider, queryClient } from '../../data/queryClient';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const group: Group = {
  id: 'g1',
  name: 'Design team',
  ownerId: 'u2',
  isOwner: false,
  isMember: true,
  linkCount: 0,
  memberCount: 2,
  isPrivate: true,
  allowMemberInvites: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const accepted = (status: AcceptedInvite['status'], message: string) => () => ({
  status: 200,
  body: { status, message, group } satisfies AcceptedInvite,
});
const refused = (status: number, code: string, message: string) => () => ({
  status,
  body: { error: { code, message } },
});
const me = makeMe();
const meAnswer = () => ({ status: 200, body: { ...me, hasGroups: true } });

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderPage(path: string, signedIn = true) {
  useSession.setState({ me: signedIn ? me : null, loaded: true, unreachable: false });
  queryClient.clear();
  render(
    // StrictMode runs effects twice: the invitation must still be sent once.
    <StrictMode>
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={invitePath} element={<GroupInvitePage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </StrictMode>,
  );
}

/**
 * Waits for a state while setTimeout is faked, where the testing library's waitFor would take the
 * fake clock for Jest's and stall: it lets pending I/O and promises run, a turn at a time.
 */
async function until(check: () => void, turns = 500) {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (e) {
      if (i >= turns) throw e;
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
  }
}

const acceptCalls = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/invites/accept');

describe('the workspace invitation page', () => {
  it('says the link has no token, and asks nothing of the server', () => {
    const { calls } = fakeServer({});
    renderPage(invitePath);
    screen.getByRole('heading', { level: 1, name: 'Workspace invitation' });
    expect(document.title).toBe('Workspace invitation | Linkhive');
    expect(screen.getByRole('alert').textContent).toBe(groupMessages.tokenMissing);
    expect(calls).toHaveLength(0);
  });

  it('sends a signed-out visitor to log in, with the invitation as the way back', () => {
    const { calls } = fakeServer({});
    renderPage(`${invitePath}?token=abc123`, false);
    expect(screen.getByTestId('where').textContent).toBe(
      `/login?redirect=${encodeURIComponent(`${invitePath}?token=abc123`)}`,
    );
    expect(calls).toHaveLength(0);
  });

  it('joins once, says so, refreshes the user and moves on to the workspace after 2 s', async () => {
    // Only the page's timers are faked: the testing library's polling keeps running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = fakeServer({
      'POST /api/invites/accept': accepted('joined', groupMessages.joined),
      'GET /api/auth/me': meAnswer,
    });
    renderPage(`${invitePath}?token=abc123`);
    expect(screen.getByRole('status').textContent).toBe('Checking your invitation…');
    await until(() =>
      expect(screen.getByRole('status').textContent).toBe(groupMessages.validToken + groupMessages.joined),
    );
    // Said as good news (a status), not as a failure (an alert).
    expect(
      screen.getByRole('heading', { level: 2, name: groupMessages.validToken }).parentElement!.getAttribute('role'),
    ).toBe('status');
    expect(screen.getByRole('link', { name: 'Go to My Workspace' }).getAttribute('href')).toBe(workspacePath);
    expect(acceptCalls(calls).map((c) => c.body)).toEqual([{ token: 'abc123' }]);
    await until(() => expect(useSession.getState().me?.hasGroups).toBe(true));

    act(() => void vi.advanceTimersByTime(groupRules.inviteRedirectMs - 1));
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('where').textContent).toBe(workspacePath);
  });

  it('tells an active member they are in already, then moves on to the workspace', async () => {
    fakeServer({
      'POST /api/invites/accept': accepted('alreadyMember', groupMessages.alreadyMember),
      'GET /api/auth/me': meAnswer,
    });
    renderPage(`${invitePath}?token=abc123`);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(groupMessages.validToken + groupMessages.alreadyMember),
    );
    // Waits for the navigation itself rather than for a time.
    expect((await screen.findByTestId('where', {}, { timeout: 5_000 })).textContent).toBe(workspacePath);
  });

  it.each([
    // As the server answers them: both 400 (once faked as 404 and 409, which it never sends).
    ['an unknown, used or expired token', 400, 'invalid_token', groupMessages.tokenInvalid],
    ['a member whose status is neither pending nor active', 400, 'invalid_status', groupMessages.invalidStatus],
  ])('shows the refusal for %s and stays', async (_case, status, code, message) => {
    const { calls } = fakeServer({ 'POST /api/invites/accept': refused(status, code, message) });
    renderPage(`${invitePath}?token=abc123`);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('heading', { name: groupMessages.validToken })).toBeNull();
    expect(acceptCalls(calls)).toHaveLength(1);
  });

  it('prefixes any other failure with the check-access text', async () => {
    fakeServer({ 'POST /api/invites/accept': refused(500, 'internal', 'Database is down') });
    renderPage(`${invitePath}?token=abc123`);
    expect((await screen.findByRole('alert')).textContent).toBe('Error checking access: Database is down');
  });

  it('sends a user whose session ended to log in again', async () => {
    fakeServer({
      'POST /api/invites/accept': refused(401, 'unauthenticated', groupMessages.notAuthenticated),
      'GET /api/auth/me': refused(401, 'unauthenticated', groupMessages.notAuthenticated),
    });
    renderPage(`${invitePath}?token=abc123`);
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/login?redirect=${encodeURIComponent(`${invitePath}?token=abc123`)}`,
    );
  });
});
