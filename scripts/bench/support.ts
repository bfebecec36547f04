// Small helpers every part of `npm run bench` uses.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ImportProgress, ImportResult } from '@linkhive/shared/domain';
import { freePort } from '../../server/src/testing/free-port.js';

export { freePort };

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function round(n: number, digits?: number): number;
export function round(n: number | null, digits?: number): number | null;
export function round(n: number | null, digits = 1): number | null {
  return n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits;
}

/** The p-th percentile, nearest rank. */
export const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** The middle value, or the mean of the two middle ones. */
export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The session cookie a sign-up or sign-in answered with, as a Cookie header. */
export const sessionCookie = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Follows an import job (POST /api/import answers 202 with it) until it ends; throws if it failed. */
export async function waitForImportJob(base: string, cookie: string, job: ImportProgress): Promise<ImportResult> {
  while (job.status === 'running') {
    await sleep(20);
    job = (await (await fetch(`${base}/api/import/${job.jobId}`, { headers: { cookie } })).json()) as ImportProgress;
  }
  if (job.status !== 'done' || !job.result) throw new Error(`import ${job.status}: ${JSON.stringify(job.error)}`);
  return job.result;
}

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * How production starts the server (docs/deploy.md), read from `npm start`: the environment set
 * before node (the C library's malloc settings) and node's flags.
 */
const productionStart = (() => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const start = pkg.scripts.start.match(/((?:[A-Z_]+=\S+ )*)exec node ((?:--\S+ )*)server\/dist\/main\.js/);
  if (!start) throw new Error('package.json start does not say how node starts the server');
  const words = (text: string | undefined) => (text ?? '').split(' ').filter(Boolean);
  return {
    env: Object.fromEntries(words(start[1]).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)])),
    flags: words(start[2]),
  };
})();
export const productionNodeFlags: string[] = productionStart.flags;
export const productionEnv: Record<string, string> = productionStart.env;

/**
 * Every server the bench started and has not stopped, and every process group it started detached
 * (`npm start` and all under it): killed when the bench ends, however it ends (an exception ends it
 * through 'exit' too).
 */
const running = new Set<ReturnType<typeof spawn>>();
const groups = new Set<number>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => process.exit(130));

/** Kills the process group led by `pid` if the bench ends before it is stopped; answers the undo. */
export function killGroupOnExit(pid: number): () => void {
  groups.add(pid);
  return () => groups.delete(pid);
}

export interface BenchServer {
  /** http://localhost:<port> */
  base: string;
  /** From the spawn to the first healthy answer, or null if it never answered. */
  startMs: number | null;
  /** A figure of the server process's /proc status (VmRSS, VmHWM), in MB. */
  memory(field: 'VmRSS' | 'VmHWM'): number;
  stop(): Promise<void>;
}

/**
 * The built server (server/dist/main.js) on a free port with a data folder of the caller's, asked
 * for its health every `pollMs` until it answers.
 */
export async function startBenchServer(opts: {
  dataDir: string;
  env?: Record<string, string>;
  pollMs: number;
}): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const t0 = performance.now();
  // With the flags and environment production starts it with (docs/deploy.md), so that memory and speed are measured as run.
  const child = spawn(process.execPath, [...productionNodeFlags, path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      ...productionEnv,
      PORT: String(port),
      DATA_DIR: opts.dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      // One process unless a figure asks for more (scale-out.ts): the bench's history is one process's.
      WEB_CONCURRENCY: '1',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let startMs: number | null = null;
  for (let i = 0; i < 600 && startMs === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) startMs = performance.now() - t0;
    } catch {
      await sleep(opts.pollMs);
    }
  }
  return {
    base,
    startMs,
    memory(field) {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1];
      if (!kb) throw new Error(`no ${field} in /proc/${child.pid}/status`);
      return Number(kb) / 1024;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A new account's session cookie. */
export async function signUp(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ firstName: 'Bench', email, password: 'Passw0rd!' }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  return sessionCookie(res);
}

/**
 * One bench save, the i-th: a new link (previews and screenshots off the request path); answers
 * its latency in ms.
 */
export async function saveBookmark(base: string, cookie: string, i: number): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}/api/bookmarks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({
      link: `https://site${i % 500}.example.com/page/${i}`,
      title: `Page ${i}`,
      category: `Topic ${i % 20}`,
    }),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`save answered ${res.status}`);
  return performance.now() - t;
}

/** Bench saves from `clients` at once for `seconds`. */
export async function savesFor(base: string, cookie: string, opts: { seconds: number; clients: number }) {
  const latencies: number[] = [];
  let serial = 0;
  const t0 = performance.now();
  const until = t0 + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (performance.now() < until) latencies.push(await saveBookmark(base, cookie, serial++));
    }),
  );
  return { latencies, seconds: (performance.now() - t0) / 1000 };
}
