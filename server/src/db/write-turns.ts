/**
 * SQLite has one writer at a time. The import worker thread writes slice after slice on its own
 * connection; a request on the main thread that finds the write lock taken retries after a short
 * pause, and without this the worker, starting its next slice at once, took the lock back every
 * time: another user's save waited for most of a 200,000-link import (up to 1.9 s in the bench).
 * So the main thread counts its writers that are waiting, in memory it shares with the worker,
 * and the worker lets them go first between two slices.
 */

/** One counter in shared memory: the main thread's writers waiting for the lock right now. */
export const waitingWriters = (): Int32Array => new Int32Array(new SharedArrayBuffer(4));

/** Counts a writer that found the lock taken, until it got it or gave up. */
export function waitingFor<T>(counter: Int32Array | undefined, run: () => Promise<T>): Promise<T> {
  if (!counter) return run();
  Atomics.add(counter, 0, 1);
  return run().finally(() => Atomics.sub(counter, 0, 1));
}

/**
 * Between two slices of an import: waits while writers of the main thread wait for the lock
 * (never longer than `maxMs`, so a stream of requests cannot stop an import), then lets the
 * worker go on.
 */
export async function letWaitingWritersGo(counter: Int32Array | undefined, maxMs = 250): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (!counter) return;
  const until = Date.now() + maxMs;
  while (Atomics.load(counter, 0) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
}
