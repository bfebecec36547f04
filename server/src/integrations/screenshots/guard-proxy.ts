import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressGuard } from '../page-fetch/address-guard.js';

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface ProxyAttempt {
  /** host:port as the browser asked for it. */
  target: string;
  outcome: 'allowed' | 'refused' | 'unauthorised';
}

export interface GuardProxy {
  /** For Chromium's --proxy-server. */
  url: string;
  /** The browser must answer the proxy's Basic challenge with these. */
  credentials: { username: string; password: string };
  close(): Promise<void>;
}

/** Marks the proxy's own refusal, so that a refused page is not taken for the site's answer. */
export const refusedHeader = 'x-linkhive-refused';

const resolveWithDns: Resolve = (host) => dns.promises.lookup(host, { all: true });

// Ports: every target passes the address guard; on top of that, public hosts are reachable on the
// web's ports (80, 443) and on unprivileged ones (sites on :8080, TURN on :3478), but not on the
// other well-known ports, where mail, SSH and the like live and a page has no business.
const allowedPort = (port: number) => port === 80 || port === 443 || (port >= 1024 && port <= 65535);

const hopByHop = ['connection', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'upgrade'];

/**
 * A forward proxy on 127.0.0.1 that the screenshot browser sends all its traffic through (plain
 * HTTP and CONNECT, so https and WebSockets too). It resolves each name itself, checks every
 * address with the guard, and connects to exactly those addresses: the browser never resolves or
 * connects anywhere itself, so workers, sockets and a DNS answer that changes after our check are
 * all covered. Only the browser knows the random credentials it asks for.
 */
export async function startGuardProxy(opts: {
  guard: AddressGuard;
  resolve?: Resolve;
  onAttempt?: (attempt: ProxyAttempt) => void;
  idleMs?: number;
}): Promise<GuardProxy> {
  const resolve = opts.resolve ?? resolveWithDns;
  const idleMs = opts.idleMs ?? 30_000;
  const credentials = { username: 'linkhive', password: randomBytes(18).toString('base64url') };
  const expected = Buffer.from(
    `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
  );
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
    s.setTimeout(idleMs, () => s.destroy());
  };

  const authorised = (req: http.IncomingMessage) => {
    const given = Buffer.from(req.headers['proxy-authorization'] ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** The checked addresses of a target, or null when the guard refuses it. */
  async function check(hostname: string, port: number) {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (!allowedPort(port) || !host) return null;
    const family = net.isIP(host);
    const addresses = family ? [{ address: host, family }] : await resolve(host).catch(() => []);
    if (!addresses.length || addresses.some((a) => !opts.guard.isAllowedAddress(a.address, host))) return null;
    // Node's connect tries these in turn and never asks DNS again.
    const lookup = ((_h: string, o: dns.LookupOptions, cb: (...args: unknown[]) => void) =>
      o.all
        ? cb(null, addresses)
        : cb(null, addresses[0]!.address, addresses[0]!.family)) as unknown as net.LookupFunction;
    return { host, port, lookup };
  }

  async function admit(req: http.IncomingMessage, hostname: string, port: number) {
    const target = `${hostname}:${port}`;
    if (!authorised(req)) {
      opts.onAttempt?.({ target, outcome: 'unauthorised' });
      return 'unauthorised' as const;
    }
    const checked = await check(hostname, port);
    opts.onAttempt?.({ target, outcome: checked ? 'allowed' : 'refused' });
    return checked ?? ('refused' as const);
  }

  const server = http.createServer(async (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      return void res.writeHead(400).end();
    }
    // https and wss arrive as CONNECT; anything else here is not for the web.
    if (url.protocol !== 'http:') return void res.writeHead(400).end();
    const admitted = await admit(req, url.hostname, Number(url.port || 80));
    if (admitted === 'unauthorised')
      return void res.writeHead(407, { 'proxy-authenticate': 'Basic realm="linkhive"', connection: 'close' }).end();
    if (admitted === 'refused')
      return void res.writeHead(403, { [refusedHeader]: '1', 'content-type': 'text/plain' }).end('Refused');
    // The target in the request line wins over any Host header (RFC 9112, 3.2.2).
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: url.host };
    for (const h of hopByHop) delete headers[h];
    const upstream = http.request(
      {
        host: admitted.host,
        port: admitted.port,
        lookup: admitted.lookup,
        method: req.method,
        path: url.pathname + url.search,
        headers,
        agent: false,
      },
      (up) => {
        const back: http.OutgoingHttpHeaders = { ...up.headers };
        for (const h of [...hopByHop, 'transfer-encoding']) delete back[h];
        res.writeHead(up.statusCode ?? 502, back);
        up.pipe(res);
      },
    );
    upstream.on('socket', track);
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });

  server.on('connection', track);
  server.on('connect', async (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    let url: URL | null = null;
    try {
      url = new URL(`http://${req.url}`);
    } catch {
      /* answered below */
    }
    if (!url || url.pathname !== '/' || url.username || url.search)
      return void socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    const admitted = await admit(req, url.hostname, Number(url.port || 80));
    if (admitted === 'unauthorised')
      return void socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="linkhive"\r\n' +
          'Content-Length: 0\r\nConnection: close\r\n\r\n',
      );
    if (admitted === 'refused')
      return void socket.end(`HTTP/1.1 403 Forbidden\r\n${refusedHeader}: 1\r\nConnection: close\r\n\r\n`);
    const upstream = net.connect({ host: admitted.host, port: admitted.port, lookup: admitted.lookup });
    track(upstream);
    let open = false;
    upstream.on('connect', () => {
      open = true;
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('close', () => (open ? socket.end() : socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')));
    socket.on('close', () => upstream.destroy());
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
}
