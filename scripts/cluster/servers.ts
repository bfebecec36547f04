// A fresh Postgres database per run and the server processes on it, each as if on a machine of its
// own: its own port and data folder, the same DATABASE_URL and AUTH_SECRET.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresAdminUrl } from '../../server/src/testing/postgres-check.js';

export const root = path.resolve(import.meta.dirname, '../..');
export const mainJs = path.join(root, 'server/dist/main.js');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface Database {
  name: string;
  url: string;
  /** A client on the run's database, for the checks. */
  client: pg.Client;
  drop(): Promise<void>;
}

export async function createDatabase(): Promise<Database> {
  const name = `linkhive_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `Postgres did not answer at ${postgresAdminUrl} (${err instanceof Error ? err.message : String(err)}). ` +
        'Start it (pg_ctlcluster 15 main start) or set TEST_POSTGRES_URL.',
      { cause: err },
    );
  }
  await admin.query(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    name,
    url: url.toString(),
    client,
    async drop() {
      await client.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface Backend {
  index: number;
  port: number;
  /** http://127.0.0.1:<port>, straight to this process. */
  base: string;
  dataDir: string;
  pid(): number;
  /** Stops the process with the signal and resolves once it is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts the process again on the same port and data folder; resolves once it answers /api/health. */
  restart(): Promise<void>;
  /** Signals the process has died by that it was not asked to (not a kill() of ours). */
  unexpectedExits: string[];
}

export interface BackendOptions {
  index: number;
  port: number;
  env: Record<string, string>;
}

/** Resolves once GET /api/health answers 200, or rejects if the process exits first. */
async function healthy(base: string, child: ChildProcess, stderr: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server at ${base} exited at start (${child.exitCode ?? child.signalCode}):\n${stderr()}`);
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) return;
    await sleep(50);
  }
}

export async function startBackend(o: BackendOptions): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `linkhive-cluster-${o.index}-`));
  const base = `http://127.0.0.1:${o.port}`;
  let child!: ChildProcess;
  let stderr = '';
  let expectingExit = false;
  const backend: Backend = {
    index: o.index,
    port: o.port,
    base,
    dataDir,
    unexpectedExits: [],
    pid: () => child.pid!,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      expectingExit = true;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await gone;
    },
    restart: () => launch(),
  };
  async function launch() {
    expectingExit = false;
    stderr = '';
    child = spawn(process.execPath, [mainJs], {
      env: { ...process.env, ...o.env, PORT: String(o.port), DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
    child.once('exit', (code, signal) => {
      if (!expectingExit) backend.unexpectedExits.push(`${code ?? signal}: ${stderr.slice(-2000)}`);
    });
    await healthy(base, child, () => stderr);
  }
  try {
    await launch();
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return backend;
}

/** Stops every backend (SIGTERM: a clean shutdown) and removes their data folders. */
export async function stopBackends(backends: Backend[]): Promise<void> {
  await Promise.all(backends.map((b) => b.kill('SIGTERM')));
  for (const b of backends) fs.rmSync(b.dataDir, { recursive: true, force: true });
}

/** The resident memory of a process, in MB (VmRSS of /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const kb = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Math.round(Number(kb) / 102.4) / 10;
}

/** The pids of a process's children (a cluster supervisor's workers). */
export function childPids(pid: number): number[] {
  const tasks = `/proc/${pid}/task`;
  if (!fs.existsSync(tasks)) return [];
  return fs
    .readdirSync(tasks)
    .flatMap((t) =>
      fs
        .readFileSync(path.join(tasks, t, 'children'), 'utf8')
        .trim()
        .split(/\s+/),
    )
    .filter(Boolean)
    .map(Number);
}
