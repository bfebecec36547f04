import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, timeoutMessage } from './client.js';

// A real HTTP server on 127.0.0.1 that takes requests and, for the paths told, never answers: what a
// hung server or proxy does. The client must give up by its deadline instead of waiting forever.

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Never answers /api/health; answers everything else at once. Headers then silence for /api/plans. */
const hanging: http.RequestListener = (req, res) => {
  if (req.url === '/api/health') return; // accepted, never answered
  if (req.url === '/api/plans') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"items":');
    return; // the body never ends
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
};

describe('every request has a deadline', () => {
  it('gives up a request the server never answers, with a timeout error', async () => {
    const api = createApiClient({ baseUrl: await serve(hanging), timeoutMs: 200 });
    const error = await api.health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout', message: timeoutMessage });
  });

  it('gives up an answer whose body stalls after its headers', async () => {
    const api = createApiClient({ baseUrl: await serve(hanging), timeoutMs: 200 });
    await expect(api.plans.list()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('still answers a server that answers, and a later request is not held by a hung one', async () => {
    const api = createApiClient({ baseUrl: await serve(hanging), timeoutMs: 60_000 });
    const hung = api.health().catch((e: unknown) => e);
    // Answered while the first still waits: one hung request holds nothing else up.
    await expect(api.auth.logout()).resolves.toEqual({ ok: true });
    expect(await Promise.race([hung, 'still waiting'])).toBe('still waiting');
  });

  it("keeps the caller's own cancel an abort, not a timeout", async () => {
    const api = createApiClient({ baseUrl: await serve(hanging), timeoutMs: 60_000 });
    const cancel = new AbortController();
    const asked = api.pages.preview('https://example.com/', { signal: cancel.signal, timeoutMs: 0 });
    cancel.abort();
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives every request a deadline signal by default', async () => {
    let seen: AbortSignal | null | undefined;
    const api = createApiClient({
      fetch: async (_url, init) => {
        seen = init?.signal;
        return new Response('{"ok":true}', { status: 200 });
      },
    });
    await api.health();
    expect(seen).toBeInstanceOf(AbortSignal);
    expect(seen!.aborted).toBe(false);
  });
});
