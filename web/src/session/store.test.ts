// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../testing/renderApp';
import { readLastUser } from './lastUser';
import { useSession } from './store';

function answer(response: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(response));
}

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ me: null, loaded: false, unreachable: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('session', () => {
  it('remembers the user the server confirmed', async () => {
    const me = makeMe();
    answer(async () => new Response(JSON.stringify(me), { status: 200 }));
    await useSession.getState().refresh();
    expect(useSession.getState()).toMatchObject({ me, loaded: true, unreachable: false });
    expect(readLastUser()).toEqual(me);
  });

  it('keeps the last user when the server cannot be reached, and says so', async () => {
    const me = makeMe({ subscriptionPro: true });
    answer(async () => new Response(JSON.stringify(me), { status: 200 }));
    await useSession.getState().refresh();
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    await useSession.getState().refresh();
    expect(useSession.getState()).toMatchObject({ me, loaded: true, unreachable: true });
  });

  it('is signed out when offline with nobody remembered', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    await useSession.getState().refresh();
    expect(useSession.getState()).toMatchObject({ me: null, loaded: true, unreachable: true });
  });

  it('forgets the user when the server says nobody is signed in, and on logout', async () => {
    const me = makeMe();
    answer(async () => new Response(JSON.stringify(me), { status: 200 }));
    await useSession.getState().refresh();
    answer(
      async () => new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'x' } }), { status: 401 }),
    );
    await useSession.getState().refresh();
    expect(useSession.getState().me).toBeNull();
    expect(readLastUser()).toBeNull();

    useSession.getState().setMe(me);
    expect(readLastUser()).toEqual(me);
    answer(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await useSession.getState().logout();
    expect(readLastUser()).toBeNull();
  });
});
