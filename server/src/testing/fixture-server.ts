import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export const fixturesDir = path.resolve(import.meta.dirname, '../../../../shared/fixtures');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface FixtureServer {
  port: number;
  /** An address of the fixture server under the given host name (127.0.0.1 or localhost). */
  url(p: string, host?: string): string;
  close(): Promise<void>;
}

/**
 * Serves ../shared/fixtures as a stand-in for the outside web, plus /redirect?to= for redirect
 * checks and a small PNG favicon.
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/redirect')
      return void res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    if (url.pathname === '/favicon.ico') {
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(tinyPng);
    }
    const file = path.join(fixturesDir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(fixturesDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (p, host = '127.0.0.1') => `http://${host}:${port}${p}`,
    close: () =>
      new Promise((r) => {
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
