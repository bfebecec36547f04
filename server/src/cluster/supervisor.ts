import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { isPeerMessage } from './peers.js';

// pino's line shape and levels, without loading pino: the supervisor stays a small process.
const levels = { info: 30, warn: 40, error: 50, fatal: 60 } as const;
function log(level: keyof typeof levels, obj: object, msg: string) {
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), role: 'supervisor', ...obj, msg })}\n`,
  );
}

/** A process that crashes sooner than this after its start counts as a crash loop and waits longer. */
const healthyAfterMs = 30_000;
const maxRestartDelayMs = 30_000;

/**
 * WEB_CONCURRENCY server processes on one port. The first (slot 0) starts alone: it migrates the
 * database and runs the background jobs (one screenshot browser per machine). The others start once
 * it listens, so migrations never run twice. A process that dies is replaced in its slot.
 */
export function superviseCluster(config: Config, serveUrl: string) {
  const slots = config.webConcurrency;
  const bySlot = new Map<number, Worker>();
  const failures = new Map<number, number>();
  let stopping = false;
  let started = false;
  let exitCode = 0;

  cluster.setupPrimary({ exec: fileURLToPath(serveUrl), execArgv: process.execArgv });

  function fork(slot: number, firstStart: boolean): Worker {
    const worker = cluster.fork({
      LINKHIVE_SLOT: String(slot),
      // Only slot 0 runs jobs, unless this machine runs none at all.
      JOB_WORKER: slot === 0 && config.jobWorker ? 'on' : 'off',
      // Imports left running by a crash are ended at the first start only: later, the other
      // processes' imports are alive, and a lapsed one is ended by its lease.
      LINKHIVE_RECOVER_IMPORTS: firstStart && slot === 0 ? 'on' : 'off',
    });
    const bornAt = Date.now();
    bySlot.set(slot, worker);
    worker.on('message', (m: unknown) => {
      if (!isPeerMessage(m)) return;
      for (const other of bySlot.values()) if (other !== worker && other.isConnected()) other.send(m);
    });
    worker.on('exit', (code, signal) => {
      if (bySlot.get(slot) === worker) bySlot.delete(slot);
      if (stopping) {
        if (bySlot.size === 0) process.exit(exitCode);
        return;
      }
      if (!started) {
        log('fatal', { slot, code, signal }, 'the first server process did not start; see its log above');
        stopAll(1);
        return;
      }
      const quick = Date.now() - bornAt < healthyAfterMs;
      const count = quick ? (failures.get(slot) ?? 0) + 1 : 0;
      failures.set(slot, count);
      const delay = count ? Math.min(maxRestartDelayMs, 250 * 2 ** (count - 1)) : 0;
      log(
        'error',
        { slot, pid: worker.process.pid, code, signal, restartInMs: delay },
        'server process died; replacing it',
      );
      setTimeout(() => !stopping && fork(slot, false), delay).unref();
    });
    return worker;
  }

  const first = fork(0, true);
  first.once('listening', ({ port }) => {
    started = true;
    for (let slot = 1; slot < slots; slot++) fork(slot, true);
    log('info', { port, processes: slots }, `Linkhive is running at http://localhost:${port}`);
  });

  function stopAll(code: number) {
    stopping = true;
    exitCode = code;
    if (bySlot.size === 0) process.exit(code);
    for (const worker of bySlot.values()) worker.process.kill('SIGTERM');
    // Each process forces its own exit after 10 s; this only covers one that hangs past that.
    setTimeout(() => {
      for (const worker of bySlot.values()) worker.process.kill('SIGKILL');
      process.exit(code);
    }, 15_000).unref();
  }
  for (const sig of ['SIGTERM', 'SIGINT'] as const) process.on(sig, () => !stopping && stopAll(0));
}
