import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/testing/free-port.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface RestartableServer {
  /** http://localhost:<port>: the extension's build covers http://localhost/* without asking. */
  url: string;
  /** A private copy of the built web app, which the test may change like a new release would. */
  dist: string;
  /** Its DATA_DIR: the outbox, stored files, and the database `grant` writes to. */
  dataDir: string;
  /** Stops the server as a crash or an outage would; its data stays. */
  stop(): Promise<void>;
  /**
   * Starts it again on the same port with the same data; `daysLater` runs it with its clock that
   * many days ahead (libfaketime), as the server would be days later.
   */
  start(opts?: { daysLater?: number }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The built server on a port of its own, with its own data folder and its own copy of web/dist,
 * for tests that must not disturb the other specs' server: the extension's tests stop it to see
 * saves queue up and start it again on the same address; the PWA test publishes a new release.
 */
export async function startRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-ext-dist-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-ext-data-'));
  fs.cpSync(path.join(root, 'web/dist'), dist, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let child: ChildProcess | null = null;

  async function start({ daysLater }: { daysLater?: number } = {}) {
    // Days later: libfaketime loaded into the server itself, not through the faketime command, which
    // runs the server as its child, so that a stop reached only the command and left the server running.
    // Only the wall clock moves: timers (the monotonic clock) run as they always do.
    const clock = daysLater
      ? { LD_PRELOAD: faketimeLibrary(), FAKETIME: `+${daysLater}d`, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
      : {};
    const proc = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
      env: {
        ...process.env,
        ...clock,
        PORT: String(port),
        DATA_DIR: data,
        WEB_DIST: dist,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        SCREENSHOTS: 'off',
        WEB_CONCURRENCY: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = proc;
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error('The app server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function stop() {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    url,
    dist,
    dataDir: data,
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(dist, { recursive: true, force: true });
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

export const startAppServer = () => startRestartableServer();

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

/** Where Debian's faketime package puts libfaketime (under the machine's multiarch folder). */
function faketimeLibrary(): string {
  const candidates = fs
    .readdirSync('/usr/lib')
    .map((dir) => path.join('/usr/lib', dir, 'faketime/libfaketime.so.1'))
    .concat('/usr/lib/faketime/libfaketime.so.1');
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error('libfaketime is not installed (apt-get install faketime)');
  return found;
}
