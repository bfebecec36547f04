import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of a real server, started by a test, that can be switched to the fault the
 * extension must survive: a server that accepts connections and takes requests but never answers.
 * Modes apply per request (keep-alive connections included); a request taken while hanging stays
 * hung after the switch back, as on a stalled server, until the client gives up on it.
 */
export interface FaultProxy {
  /** http://localhost:<port>: the extension's build may reach every port of localhost. */
  url: string;
  /** Requests from now on are taken and never answered. */
  hang(): void;
  /** Requests from now on pass to the server again. */
  pass(): void;
  /** How many requests for this method and path the proxy has taken while hanging (never answered). */
  hungCount(method: string, path: string): number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const to = new URL(target);
  let hanging = false;
  const hung: { method: string; path: string }[] = [];

  const server = http.createServer((req, res) => {
    if (hanging) {
      hung.push({ method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0]! });
      req.resume(); // read the request and then say nothing
      return;
    }
    const upstream = http.request(
      // The app server listens on 127.0.0.1 (its HOST default), whatever 'localhost' resolves to first.
      { hostname: '127.0.0.1', port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // A hung request is kept until the client closes it: no timeout of the proxy's own ends it.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    hang: () => void (hanging = true),
    pass: () => void (hanging = false),
    hungCount: (method, path) => hung.filter((h) => h.method === method && h.path === path).length,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
