import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../domain/index.js';

/*
 * When the web client loads each feature's schemas: a read after its answer and only for an answer
 * to check, a write before it goes. Each contract module notes its loading in `events`, beside the
 * requests the fake fetch sees, so the order is what the test reads.
 */
const state = { events: [] as string[], failAuthLoads: 0 };

/** Notes each loading of a feature's part of the contract, and can make the auth part fail to arrive. */
function watchContracts() {
  vi.doMock('../contract/auth.js', async (importOriginal) => {
    if (state.failAuthLoads > 0) {
      state.failAuthLoads--;
      throw new Error('chunk did not arrive');
    }
    state.events.push('load auth');
    return importOriginal();
  });
  for (const feature of ['plans', 'groups'])
    vi.doMock(`../contract/${feature}.js`, async (importOriginal) => {
      state.events.push(`load ${feature}`);
      return importOriginal();
    });
}

const fakeFetch = (status: number, body: unknown) =>
  vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    state.events.push(`${init?.method} ${new URL(String(url), 'http://localhost').pathname}`);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });

/** A fresh client module each time: the schemas a client has loaded stay loaded for the page's life. */
async function clientWith(fetch: typeof globalThis.fetch) {
  vi.resetModules();
  watchContracts();
  const { createApiClient } = await import('./client.js');
  return createApiClient({ fetch });
}

beforeEach(() => {
  state.events.length = 0;
  state.failAuthLoads = 0;
});

describe('the web client loads a feature’s schemas only when it needs them', () => {
  it('an anonymous session read (401) loads no schemas at all', async () => {
    const answer = { error: { code: 'unauthenticated', message: authMessages.notAuthenticated } };
    const api = await clientWith(fakeFetch(401, answer));
    await expect(api.auth.me()).rejects.toMatchObject({ status: 401, message: authMessages.notAuthenticated });
    expect(state.events).toEqual(['GET /api/auth/me']);
  });

  it('a read’s answer is checked against its own feature’s schemas, loaded after the answer', async () => {
    const api = await clientWith(fakeFetch(200, { plans: 'not a list' }));
    await expect(api.plans.list()).rejects.toMatchObject({ code: 'unexpected_answer' });
    expect(state.events).toEqual(['GET /api/plans', 'load plans']);
  });

  it('a write loads its schemas before it is sent', async () => {
    const api = await clientWith(fakeFetch(200, { ok: true }));
    await api.auth.logout();
    expect(state.events).toEqual(['load auth', 'POST /api/auth/logout']);
  });

  it('a write whose schemas did not arrive is never sent, fails as the network, and the next call loads again', async () => {
    const fetch = fakeFetch(200, { ok: true });
    const api = await clientWith(fetch);
    state.failAuthLoads = 1;
    await expect(api.auth.logout()).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(fetch).not.toHaveBeenCalled();
    await api.auth.logout();
    expect(state.events).toEqual(['load auth', 'POST /api/auth/logout']);
  });

  it('each feature loads once for the client’s life', async () => {
    const api = await clientWith(fakeFetch(200, { ok: true }));
    await api.auth.logout();
    await api.auth.logout();
    expect(state.events.filter((e) => e.startsWith('load'))).toEqual(['load auth']);
  });
});
