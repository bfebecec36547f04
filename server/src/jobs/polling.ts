import type { Logger } from '../logger.js';
import type { Worker } from './worker.js';

/**
 * A background runner that looks for work every `pollMs` and when poked: `drain` takes work until
 * none is left (or `stopped()` says to end). A poke during a drain runs one more drain after it,
 * since the drain under way may have looked before the new work came. Shared by the job lanes'
 * runners (worker.ts) and the crawler (features/copies/crawler.ts).
 */
export function pollingRunner(
  drain: (stopped: () => boolean) => Promise<void>,
  opts: { pollMs: number; log: Logger; context: Record<string, unknown> },
): Worker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let idleWaiters: (() => void)[] = [];
  const isStopped = () => stopped;

  async function drainWhileAsked() {
    do {
      again = false;
      await drain(isStopped);
    } while (again && !stopped);
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainWhileAsked()
      .catch((err) => opts.log.error({ err, ...opts.context }, 'background work failed'))
      .finally(() => {
        running = null;
        const waiters = idleWaiters;
        idleWaiters = [];
        waiters.forEach((w) => w());
        schedule();
      });
  }

  function schedule() {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, opts.pollMs);
    timer.unref();
  }

  schedule();
  return {
    poke: () => setImmediate(tick),
    async idle() {
      // A drain under way may have looked for work before the caller made theirs: after it ends,
      // one more drain, started now, does everything there is so far.
      if (running) await running;
      if (stopped) return;
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        tick();
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
