import { authMessages, planOfPermissions, type AccountMe, type Me, type Profile } from '@linkhive/shared/domain';
import { noteFakeAnswer } from '@linkhive/shared/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { vi } from 'vitest';
import { AppShell } from '../App';
import { queryClient } from '../data/queryClient';
import { useSession } from '../session/store';

/** A signed-in user; a paid flag is a plan from billing unless `planSource` says an admin granted it. */
export function makeMe(
  overrides: Partial<Me['permissions']> = {},
  planSource: 'billing' | 'grant' = 'billing',
): AccountMe {
  const permissions: Me['permissions'] = {
    admin: false,
    advertiser: false,
    subscriptionPro: false,
    subscriptionBusiness: false,
    subscriptionEnterprise: false,
    ...overrides,
  };
  const key = planOfPermissions(permissions);
  return {
    user: {
      id: 'u1',
      email: 'ann@example.com',
      firstName: 'Ann',
      createdAt: '2026-01-01T00:00:00.000Z',
      emailVerified: true,
    },
    profile: {
      displayName: 'Ann Lee',
      photoURL: null,
      settings: { categoryTabColor: null, layoutPreference: 'list' },
    },
    permissions,
    plan: { key, source: key === 'free' ? 'free' : planSource },
  };
}

/** The profile of `makeMe`'s user, as GET and PATCH /api/profile answer it. */
export function makeProfile(): Profile {
  return {
    displayName: 'Ann Lee',
    email: 'ann@example.com',
    photoURL: null,
    settings: { categoryTabColor: null, layoutPreference: 'list', keepCopies: true },
  };
}

type Answer = { status: number; body?: unknown };
/** A handler may answer later (a promise), to look at the app while a request is under way. */
type Handler = (url: string, init: RequestInit) => Answer | Promise<Answer>;

/** Answers the app's API calls like the server would; unknown calls get a 404. */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    const answer = handler
      ? await handler(url, init)
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    // Only what the real server could answer: checked against the endpoint's contract.
    if (handler) noteFakeAnswer(method, url, answer.status, answer.body);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export const signedOut: Handler = () => ({
  status: 401,
  body: { error: { code: 'unauthenticated', message: authMessages.notAuthenticated } },
});

/** `cached` puts in the emptied cache what an earlier visit in the same tab left there. */
export function renderApp(path: string, { cached }: { cached?: (client: typeof queryClient) => void } = {}) {
  useSession.setState({ me: null, loaded: false, unreachable: false });
  // Each test starts with nothing loaded, as a fresh visit does.
  queryClient.clear();
  cached?.(queryClient);
  globalThis.localStorage?.clear();
  // jsdom has no layout, so scrolling on navigation would only log errors.
  vi.stubGlobal('scrollTo', vi.fn());
  let current: Location | null = null;
  /** Every path the router has been at, in order: a redirect on the way shows here. */
  const visited: string[] = [];
  function LocationSpy() {
    current = useLocation();
    if (visited.at(-1) !== current.pathname) visited.push(current.pathname);
    return null;
  }
  function TestRouter({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <LocationSpy />
        {children}
      </MemoryRouter>
    );
  }
  const view = render(<AppShell router={TestRouter} />);
  /** Where the app is now, as the router sees it. */
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered yet');
    return current;
  };
  return { ...view, location, visited };
}
