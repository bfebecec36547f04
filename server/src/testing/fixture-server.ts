import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export const fixturesDir = path.resolve(import.meta.dirname, '../../../test/fixtures');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface FixtureRequest {
  path: string;
  /** Path and query, as asked. */
  url: string;
  status: number;
  /** Who asked: the screenshot browser's is HeadlessChrome, the server's own fetches LinkhiveBot. */
  userAgent: string;
}

export interface FixtureServer {
  port: number;
  /** An address of the fixture server under the given host name (127.0.0.1 or localhost). */
  url(p: string, host?: string): string;
  /** Every request answered so far, oldest first. */
  requests: FixtureRequest[];
  /** The most requests that were ever open at once. */
  maxInFlight(): number;
  /** Forgets the requests and the in-flight high mark. */
  resetLog(): void;
  /** Requests (path and query) held back by `?hold` and not yet answered, oldest first. */
  holding(): string[];
  /** Answers every request that status from now on, as a site that is down (null: up again). */
  down(status: number | null): void;
  /** Answers every request held back by `?hold`, and those that come later at once. */
  release(): void;
  close(): Promise<void>;
}

/**
 * Serves test/fixtures as a stand-in for the outside web, plus /redirect?to= for redirect
 * checks and a small PNG favicon. Files carry an ETag and Last-Modified and answer conditional
 * requests with 304, as feed servers do. The query is ignored when finding the file, so distinct
 * addresses can serve one file; `?charset=` adds a charset to the Content-Type and `?delay=` (ms)
 * holds the answer back. `?hold` holds it until the test calls `release()`: a test that needs a
 * request under way waits for it in `holding()`, rather than for a time. `?status=` answers that
 * status instead of the file, and `down()` every request, as a site that fails.
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  let requests: FixtureRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const held: { url: string; answer: () => void }[] = [];
  let released = false;
  let downStatus: number | null = null;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let logged = false;
    const log = () => {
      if (!logged)
        requests.push({
          path: url.pathname,
          url: url.pathname + url.search,
          status: res.statusCode,
          userAgent: String(req.headers['user-agent'] ?? ''),
        });
      logged = true;
    };
    // 'finish' comes before the client can have the whole answer, so a test that got its answer sees it logged.
    res.on('finish', log);
    res.on('close', () => {
      log();
      inFlight--;
    });
    const delay = Number(url.searchParams.get('delay') ?? 0);
    if (delay > 0) await new Promise((r) => setTimeout(r, Math.min(delay, 10_000)));
    if (url.searchParams.has('hold') && !released)
      await new Promise<void>((answer) => held.push({ url: url.pathname + url.search, answer }));
    const status = downStatus ?? Number(url.searchParams.get('status') ?? 0);
    if (status) return void res.writeHead(status, { 'content-type': 'text/plain' }).end(`status ${status}`);
    if (url.pathname === '/redirect')
      return void res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    if (url.pathname === '/favicon.ico') {
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(tinyPng);
    }
    const file = path.join(fixturesDir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(fixturesDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    const stat = fs.statSync(file);
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const lastModified = stat.mtime.toUTCString();
    const since = req.headers['if-modified-since'];
    const unchanged = req.headers['if-none-match']
      ? req.headers['if-none-match'] === etag
      : !!since && Date.parse(since) >= Math.floor(stat.mtimeMs / 1000) * 1000;
    if (unchanged) return void res.writeHead(304, { etag, 'last-modified': lastModified }).end();
    const charset = url.searchParams.get('charset');
    const type = types[path.extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, {
      'content-type': charset ? `${type.split(';')[0]}; charset=${charset}` : type,
      etag,
      'last-modified': lastModified,
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (p, host = '127.0.0.1') => `http://${host}:${port}${p}`,
    get requests() {
      return requests;
    },
    maxInFlight: () => maxInFlight,
    resetLog() {
      requests = [];
      maxInFlight = inFlight;
    },
    holding: () => held.map((h) => h.url),
    down(status) {
      downStatus = status;
    },
    release() {
      released = true;
      for (const { answer } of held.splice(0)) answer();
    },
    close: () =>
      new Promise((r) => {
        for (const { answer } of held.splice(0)) answer();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A valid 1x1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
