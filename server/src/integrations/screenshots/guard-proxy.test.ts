import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard } from '../page-fetch/address-guard.js';
import { refusedHeader, startGuardProxy, type GuardProxy, type ProxyAttempt } from './guard-proxy.js';

/** A TCP listener that counts the connections it accepts. */
async function listener(host: string) {
  let count = 0;
  let arrived = () => {};
  const connected = new Promise<void>((r) => (arrived = r));
  const server = net.createServer((s) => {
    count++;
    arrived();
    s.end();
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return { port: (server.address() as AddressInfo).port, count: () => count, connected, close: () => server.close() };
}

describe('the screenshot browser’s guard proxy', () => {
  let proxy: GuardProxy;
  let proxyPort = 0;
  const attempts: ProxyAttempt[] = [];
  const lookups: string[] = [];
  let upstream: http.Server;
  let upstreamPort = 0;
  let seen: http.IncomingMessage[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(req);
      res.end('upstream');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    upstreamPort = (upstream.address() as AddressInfo).port;
    proxy = await startGuardProxy({
      // Like FETCH_ALLOW_HOSTS=allowed.test: the name is open, the address it has is not.
      guard: createAddressGuard(['allowed.test']),
      resolve: async (host) => {
        lookups.push(host);
        return host.endsWith('.test') ? [{ address: '127.0.0.1', family: 4 }] : [];
      },
      onAttempt: (a) => attempts.push(a),
    });
    proxyPort = Number(new URL(proxy.url).port);
  });
  afterAll(async () => {
    await proxy?.close();
    upstream?.close();
  });

  const auth = () => ({
    'proxy-authorization': `Basic ${Buffer.from(`${proxy.credentials.username}:${proxy.credentials.password}`).toString('base64')}`,
  });

  /** The status the proxy answers a CONNECT with. */
  function connect(target: string, headers: Record<string, string> = auth()): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: target, headers });
      req.on('connect', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  }

  function get(url: string, headers: Record<string, string> = auth()) {
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: proxyPort, path: url, headers }, resolve);
      req.on('error', reject);
      req.end();
    });
  }

  it('answers only the browser that knows its credentials', async () => {
    const target = await listener('127.0.0.1');
    try {
      expect(await connect(`allowed.test:${target.port}`, {})).toBe(407);
      expect(await connect(`allowed.test:${target.port}`, { 'proxy-authorization': 'Basic bGlua2hpdmU6eA==' })).toBe(
        407,
      );
      expect((await get(`http://allowed.test:${target.port}/`, {})).statusCode).toBe(407);
      expect(target.count()).toBe(0);
    } finally {
      target.close();
    }
  });

  it('refuses private addresses, written out or behind a name, before connecting', async () => {
    const v4 = await listener('127.0.0.1');
    const v4b = await listener('127.0.0.2');
    const v6 = await listener('::1');
    try {
      expect(await connect(`127.0.0.1:${v4.port}`)).toBe(403);
      expect(await connect(`127.0.0.2:${v4b.port}`)).toBe(403);
      expect(await connect(`[::1]:${v6.port}`)).toBe(403);
      expect(await connect(`[::ffff:127.0.0.1]:${v4.port}`)).toBe(403);
      expect(await connect(`rebind.test:${v4.port}`)).toBe(403);
      const plain = await get(`http://rebind.test:${v4.port}/`);
      expect(plain.statusCode).toBe(403);
      expect(plain.headers[refusedHeader]).toBe('1');
      expect(attempts.filter((a) => a.outcome === 'refused').map((a) => a.target)).toEqual(
        expect.arrayContaining([`127.0.0.2:${v4b.port}`, `[::1]:${v6.port}`, `rebind.test:${v4.port}`]),
      );
      expect([v4.count(), v4b.count(), v6.count()]).toEqual([0, 0, 0]);
    } finally {
      [v4, v4b, v6].forEach((l) => l.close());
    }
  });

  it('opens an allowed name on the address it checked, asking DNS once', async () => {
    const target = await listener('127.0.0.1');
    try {
      lookups.length = 0;
      expect(await connect(`allowed.test:${target.port}`)).toBe(200);
      await target.connected;
      expect(lookups).toEqual(['allowed.test']);
      expect(target.count()).toBe(1);
    } finally {
      target.close();
    }
  });

  it('refuses the well-known ports other than the web’s, even for an allowed name', async () => {
    expect(await connect('allowed.test:25')).toBe(403);
    expect(await connect('allowed.test:22')).toBe(403);
  });

  it('forwards plain http without its own credentials', async () => {
    seen = [];
    const res = await get(`http://allowed.test:${upstreamPort}/page?q=1`);
    expect(res.statusCode).toBe(200);
    expect(await new Promise((r) => res.on('data', (c: Buffer) => r(c.toString())))).toBe('upstream');
    expect(seen.map((r) => r.url)).toEqual(['/page?q=1']);
    expect(seen[0]!.headers['proxy-authorization']).toBeUndefined();
    expect(seen[0]!.headers.host).toBe(`allowed.test:${upstreamPort}`);
  });
});
