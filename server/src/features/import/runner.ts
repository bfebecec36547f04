import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { importMessages } from '@linkhive/shared/domain';
import type { Logger } from '../../logger.js';
import type { ImportedFavourite } from './pipeline.js';
import type { ImportRepository } from './repository.js';
import type { UploadFormat } from './upload-reader.js';
import { fromRefusal, importFailed, type FromWorker, type ImportWorkerData, type ToWorker } from './worker-protocol.js';

/** One upload on its way to the worker. */
export interface ImportSession {
  readonly jobId: string;
  write(bytes: Uint8Array): void;
  /** Resolves with the number of links once the worker has read the whole upload, or rejects with why not. */
  end(overwrite: boolean): Promise<number>;
  abort(): void;
}

/**
 * The main thread's side of the import worker: one worker thread, started by an import, that saves
 * every import on its own database connection (an HTML file parsed meanwhile by its own reading
 * thread, worker-thread.ts), and stops once no import has needed it for `idleMs` (its heap of a
 * large import, 100 MB and more, goes with it, the reading thread too: a personal install imports
 * a few times a year). If it dies, the jobs it held end as failed with their saved rows removed,
 * and the next import starts a new one.
 */
export function importRunner(opts: {
  /** The worker's bundled file; its reading thread's is beside it (import-reader, same extension). */
  workerFile: string;
  data: Omit<ImportWorkerData, 'readerFile'>;
  repo: ImportRepository;
  log: Logger;
  /** After a commit, on this thread: the favourites the import added, for what a saved favourite gets. */
  onImported?: (userId: string, favourites: ImportedFavourite[]) => Promise<void>;
  /** How long an idle worker thread is kept for the next import (default 2 s). */
  idleMs?: number;
}) {
  const idleMs = opts.idleMs ?? 2000;
  const { dir, ext } = path.parse(opts.workerFile);
  const readerFile = path.join(dir, `import-reader${ext}`);
  let worker: Worker | null = null;
  let retirement: NodeJS.Timeout | null = null;
  const answers = new Map<string, { resolve(total: number): void; reject(e: Error): void }>();
  /** Jobs the current worker holds, from begin until finished. */
  const held = new Set<string>();
  let idleWaiters: (() => void)[] = [];

  function settle(jobId: string) {
    held.delete(jobId);
    if (held.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((w) => w());
      if (worker && !retirement) retirement = setTimeout(retire, idleMs).unref();
    }
  }

  /** Stops an idle worker thread; the next import starts another (about 50 ms). */
  function retire() {
    retirement = null;
    if (held.size || !worker) return;
    const w = worker;
    worker = null; // its exit is then not taken for a crash (onExit)
    void w.terminate();
  }

  function onMessage(m: FromWorker) {
    if (m.kind === 'accepted') answers.get(m.jobId)?.resolve(m.total);
    else if (m.kind === 'refused') {
      answers.get(m.jobId)?.reject(fromRefusal(m.error));
      settle(m.jobId);
    } else if (m.kind === 'finished') {
      if (m.error) opts.log.error({ jobId: m.jobId, err: m.error }, 'import failed');
      // Finished before it was accepted: the worker could not even record the upload.
      answers.get(m.jobId)?.reject(importFailed());
      // The job counts as held until its after-work is done, so idle() means all of it.
      void (!m.error && opts.onImported ? opts.onImported(m.userId, m.favourites) : Promise.resolve())
        .catch((err) => opts.log.error({ err, jobId: m.jobId }, 'after-import work failed'))
        .finally(() => settle(m.jobId));
    }
    if (m.kind !== 'ready') answers.delete((m as { jobId: string }).jobId);
  }

  function onExit(dead: Worker, err?: Error) {
    if (worker !== dead) return;
    worker = null;
    const lost = [...held];
    if (err) opts.log.error({ err, jobs: lost }, 'the import worker stopped');
    for (const jobId of lost) {
      answers.get(jobId)?.reject(importFailed());
      answers.delete(jobId);
    }
    void opts.repo
      .failJobs(lost, { code: 'import_failed', message: importMessages.failed })
      .catch((e) => opts.log.error({ err: e }, 'could not end the jobs of the import worker'))
      .finally(() => lost.forEach(settle));
  }

  function current(): Worker {
    if (retirement) clearTimeout(retirement);
    retirement = null;
    if (worker) return worker;
    const w = new Worker(opts.workerFile, { workerData: { ...opts.data, readerFile } satisfies ImportWorkerData });
    w.on('message', onMessage);
    w.on('error', (err) => onExit(w, err));
    w.on('exit', (code) => onExit(w, code === 0 ? undefined : new Error(`exit code ${code}`)));
    worker = w;
    return w;
  }

  const post = (w: Worker, m: ToWorker) => w.postMessage(m);

  return {
    begin(jobId: string, userId: string, format: UploadFormat): ImportSession {
      const w = current();
      held.add(jobId);
      post(w, { kind: 'begin', jobId, userId, format });
      return {
        jobId,
        write: (data) => post(w, { kind: 'chunk', jobId, data }),
        end(overwrite) {
          return new Promise<number>((resolve, reject) => {
            if (worker !== w) return reject(importFailed());
            answers.set(jobId, { resolve, reject });
            post(w, { kind: 'end', jobId, overwrite });
          });
        },
        abort() {
          if (worker === w) post(w, { kind: 'abort', jobId });
          settle(jobId);
        },
      };
    },

    /** Resolves once no import is being read or saved: for a clean shutdown and for tests. */
    idle: () => new Promise<void>((resolve) => (held.size === 0 ? resolve() : idleWaiters.push(resolve))),

    /** Whether a worker thread runs now (it stops when idle). */
    threadRunning: () => worker !== null,

    /** Stops the worker; imports it still held end as failed, so none is left 'running'. */
    async close() {
      if (retirement) clearTimeout(retirement);
      retirement = null;
      const w = worker;
      worker = null;
      await w?.terminate();
      const lost = [...held];
      await opts.repo.failJobs(lost, { code: 'import_interrupted', message: importMessages.interrupted });
      lost.forEach(settle);
    },
  };
}

export type ImportRunner = ReturnType<typeof importRunner>;
