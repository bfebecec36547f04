import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard, fetchMessages } from './address-guard.js';
import { createGuardedFetch } from './guarded-fetch.js';

describe('the guarded fetcher', () => {
  let port = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/page') return res.end('<title>Hello</title>');
    if (req.url === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.1:${port}/page` }).end();
    if (req.url === '/to-metadata')
      return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/big') return res.end('x'.repeat(50_000));
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 2_000);
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    res.writeHead(404).end();
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const strict = createGuardedFetch(createAddressGuard([]));
  // Tests open loopback by name only, so that redirects to the bare address stay refused.
  const localByName = createGuardedFetch(createAddressGuard(['localhost']));

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://0.0.0.0/',
    'http://192.168.1.1/',
  ])('refuses %s', async (url) => {
    await expect(strict(url)).rejects.toThrow(fetchMessages.blocked);
  });

  it('refuses a name that resolves to loopback', async () => {
    await expect(strict(`http://localhost:${port}/page`)).rejects.toThrow(fetchMessages.blocked);
  });

  it('refuses other schemes', async () => {
    await expect(strict('file:///etc/passwd')).rejects.toThrow(fetchMessages.scheme);
    await expect(strict('ftp://example.com/')).rejects.toThrow(fetchMessages.scheme);
  });

  it('fetches an allowed host', async () => {
    const page = await localByName(`http://localhost:${port}/page`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe('<title>Hello</title>');
  });

  it('checks every redirect again', async () => {
    await expect(localByName(`http://localhost:${port}/to-loopback`)).rejects.toThrow(fetchMessages.blocked);
    await expect(localByName(`http://localhost:${port}/to-metadata`)).rejects.toThrow(fetchMessages.blocked);
    await expect(localByName(`http://localhost:${port}/loop`)).rejects.toThrow(fetchMessages.tooManyRedirects);
  });

  it('stops at the size and time limits', async () => {
    await expect(localByName(`http://localhost:${port}/big`, { maxBytes: 10_000 })).rejects.toThrow(
      fetchMessages.tooLarge,
    );
    await expect(localByName(`http://localhost:${port}/slow`, { timeoutMs: 200 })).rejects.toThrow(
      fetchMessages.timeout,
    );
  });

  it('answers the first maxBytes of a larger page when asked to truncate, with its status', async () => {
    const page = await localByName(`http://localhost:${port}/big`, { maxBytes: 10_000, truncate: true });
    expect(page.status).toBe(200);
    expect(page.body.length).toBe(10_000);
  });

  it('keeps the network’s own error as the cause of an unreachable site', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const err = await localByName(`http://localhost:${closedPort}/`).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: fetchMessages.unreachable, cause: { code: 'ECONNREFUSED' } });
  });

  it('keeps to the time limit when a server trickles its headers', async () => {
    // Each byte resets the socket's idle timer; only an overall deadline ends this.
    const trickler = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      let sent = 0;
      const tick = setInterval(() => {
        if (socket.destroyed || ++sent > 50) {
          clearInterval(tick);
          socket.end('\r\n\r\n');
          return;
        }
        socket.write('a');
      }, 50);
    });
    await new Promise<void>((r) => trickler.listen(0, '127.0.0.1', r));
    const trickPort = (trickler.address() as AddressInfo).port;
    try {
      await expect(localByName(`http://localhost:${trickPort}/`, { timeoutMs: 300 })).rejects.toThrow(
        fetchMessages.timeout,
      );
    } finally {
      trickler.close();
    }
  });
});
