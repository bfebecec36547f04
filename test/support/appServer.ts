import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface AppServer {
  url: string;
  /** A private copy of the built web app, which the test may change like a new release would. */
  dist: string;
  close: () => Promise<void>;
}

/**
 * Starts the built server on its own port with its own copy of web/dist and its own data folder,
 * for tests that change the files the server sends (such as a new release of the service worker).
 */
export async function startAppServer(): Promise<AppServer> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-dist-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-data-'));
  fs.cpSync(path.join(root, 'web/dist'), dist, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: data, WEB_DIST: dist, PUBLIC_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('The app server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dist,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dist, { recursive: true, force: true });
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Makes the copy look like the next release: a changed app shell, so the service worker changes too. */
export function publishNextRelease(dist: string, marker: string) {
  const indexFile = path.join(dist, 'index.html');
  const html = fs.readFileSync(indexFile, 'utf8');
  fs.writeFileSync(indexFile, html.replace('</head>', `<meta name="linkhive-release" content="${marker}" /></head>`));
  const swFile = path.join(dist, 'sw.js');
  const sw = fs.readFileSync(swFile, 'utf8');
  const next = sw.replace(/(url:"index\.html",revision:")[^"]+"/, `$1${marker}"`);
  if (next === sw) throw new Error('sw.js does not list index.html in its precache manifest');
  fs.writeFileSync(swFile, next);
}
