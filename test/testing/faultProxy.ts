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
  /** How many of those are still open: the client has not given up on them yet. */
  stillHung(method: string, path: string): number;
  /** Closes the hung requests' connections, as a stalled server that restarts does. */
  dropHung(): void;
  /** The requests for this method and path the server itself received, with its answer's status. */
  forwarded(method: string, path: string): { body: string; status: number }[];
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const to = new URL(target);
  let hanging = false;
  const hung: { method: string; path: string; open: boolean; res: http.ServerResponse }[] = [];
  const passed: { method: string; path: string; body: string; status: number }[] = [];

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '').split('?')[0]!;
    if (hanging) {
      const entry = { method, path, open: true, res };
      hung.push(entry);
      res.on('close', () => void (entry.open = false)); // the client gave up (its deadline) or we dropped it
      req.resume(); // read the request and then say nothing
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const upstream = http.request(
      // The app server listens on 127.0.0.1 (its HOST default), whatever 'localhost' resolves to first.
      { hostname: '127.0.0.1', port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        passed.push({ method, path, body: Buffer.concat(chunks).toString(), status: answer.statusCode ?? 502 });
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
    stillHung: (method, path) => hung.filter((h) => h.open && h.method === method && h.path === path).length,
    dropHung: () => hung.forEach((h) => h.res.destroy()),
    forwarded: (method, path) =>
      passed.filter((r) => r.method === method && r.path === path).map(({ body, status }) => ({ body, status })),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
