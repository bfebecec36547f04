import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A built server started as production starts it (node server/dist/main.js), with its log kept. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Every JSON log line so far, parsed. */
  lines(): Record<string, unknown>[];
  /** Resolves once /api/health answers 200; rejects if the process exits first. */
  healthy(): Promise<void>;
  stop(): Promise<void>;
}

export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'info', SCREENSHOTS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}):\n${out}`))),
  );
  exited.catch(() => {});
  return {
    child,
    base,
    lines: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    async healthy() {
      const answered = (async () => {
        for (;;) {
          const ok = await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) return;
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      await Promise.race([answered, exited]);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
