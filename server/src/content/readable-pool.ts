import { Worker } from 'node:worker_threads';
import { lighterPage } from './lighter-page.js';
import type { ReadableCopy } from './readable.js';

export interface ExtractRequest {
  id: number;
  html: string;
  url: string;
}
export type ExtractReply = { id: number; copy: ReadableCopy | null } | { id: number; error: string };

/** A page the extraction thread could not read within its memory: another try would fail the same way. */
export class PageTooComplex extends Error {
  constructor() {
    super('The page is too complex to read');
    this.name = 'PageTooComplex';
  }
}

export interface ReadableExtractor {
  extract(html: string, url: string): Promise<ReadableCopy | null>;
  close(): Promise<void>;
}

/**
 * Readable copies extracted in a thread of their own (readable-worker.ts), one page at a time:
 * parsing a 300 KB page takes 20-100 ms of CPU, which on the server's own thread was time every
 * other request waited (issue 30's bench). The thread's heap is capped, so a hostile page fails
 * alone (PageTooComplex) instead of growing the server; the thread stops when idle, giving its
 * memory back, and starts again with the next page.
 */
export function readableExtractor(opts: { workerFile: string; idleMs?: number; heapMb?: number }): ReadableExtractor {
  const idleMs = opts.idleMs ?? 30_000;
  type Job = { html: string; url: string; resolve: (c: ReadableCopy | null) => void; reject: (e: Error) => void };
  type Waiting = Map<number, Job>;
  /** The running thread and the pages it holds; a thread that stopped takes only its own pages with it. */
  let current: { worker: Worker; waiting: Waiting } | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 0;

  function start() {
    // The young generation's limit holds only where the process runs without --max-semi-space-size:
    // V8 applies that flag (2 MB halves in production, docs/deploy.md) to every thread over this.
    const worker = new Worker(opts.workerFile, {
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? 48, maxYoungGenerationSizeMb: 8 },
    });
    const waiting: Waiting = new Map();
    const thread = { worker, waiting };
    worker.on('message', (reply: ExtractReply) => {
      const job = waiting.get(reply.id);
      if (!job) return;
      waiting.delete(reply.id);
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(reply.copy);
      if (!waiting.size && current === thread) idleSoon();
    });
    // Out of memory: the thread reads its pages in turn, so the first it held is the one that
    // outgrew it; the others, not begun, go to a new thread. Any other crash fails them all.
    const lost = (err: Error) => {
      if (current === thread) current = null;
      const jobs = [...waiting.values()];
      waiting.clear();
      if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const [outgrew, ...notBegun] = jobs;
        outgrew?.reject(new PageTooComplex());
        notBegun.forEach(send);
      } else jobs.forEach((job) => job.reject(err));
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('the extraction thread stopped')));
    worker.unref();
    return thread;
  }

  function idleSoon() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      const thread = current;
      if (!thread || thread.waiting.size) return;
      current = null;
      void thread.worker.terminate();
    }, idleMs).unref();
  }

  function send(job: Job) {
    if (idleTimer) clearTimeout(idleTimer);
    const thread = (current ??= start());
    const id = nextId++;
    thread.waiting.set(id, job);
    thread.worker.postMessage({ id, html: job.html, url: job.url } satisfies ExtractRequest);
  }

  const inThread = (html: string, url: string) =>
    new Promise<ReadableCopy | null>((resolve, reject) => send({ html, url, resolve, reject }));

  return {
    /** A page that outgrows the thread is tried once more made lighter (lighterPage), then fails. */
    async extract(html, url) {
      try {
        return await inThread(html, url);
      } catch (e) {
        if (!(e instanceof PageTooComplex)) throw e;
        const lighter = lighterPage(html);
        if (lighter.length === html.length) throw e;
        return inThread(lighter, url);
      }
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const thread = current;
      current = null;
      if (thread) await thread.worker.terminate();
    },
  };
}
