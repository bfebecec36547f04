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

export interface RestartableServer {
  /** http://localhost:<port>: the extension's build covers http://localhost/* without asking. */
  url: string;
  /** Stops the server as a crash or an outage would; its data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The built server on a port of its own, for the extension's tests: they stop it to see saves
 * queue up and start it again on the same address, which must not disturb the other specs' server.
 * It serves a copy of the built web app, so a rebuild meanwhile changes nothing under it.
 */
export async function startRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-ext-dist-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-ext-data-'));
  fs.cpSync(path.join(root, 'web/dist'), dist, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let child: ChildProcess | null = null;

  async function start() {
    const proc = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: data,
        WEB_DIST: dist,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        SCREENSHOTS: 'off',
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
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error('The extension test server did not start');
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
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(dist, { recursive: true, force: true });
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}
