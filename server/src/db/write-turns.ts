/**
 * SQLite has one writer at a time. The import worker thread writes slice after slice on its own
 * connection; a request on the main thread that finds the write lock taken retries after a short
 * pause, and without this the worker, starting its next slice at once, took the lock back every
 * time: another user's save waited for most of a 200,000-link import (up to 1.9 s in the bench).
 * So the main thread counts its writers that are waiting, in memory it shares with the worker,
 * and the worker lets them go first between two slices.
 */

/**
 * Two numbers in shared memory: [0] the main thread's writers waiting for the lock right now, and
 * [1] set when one waited since the worker last looked. A writer held up by a slice usually takes
 * the lock within a few ms of its commit, before the worker looks: only the second says it waited.
 */
export const waitingWriters = (): Int32Array => new Int32Array(new SharedArrayBuffer(8));

/** Counts a writer that found the lock taken, until it got it or gave up. */
export function waitingFor<T>(counter: Int32Array | undefined, run: () => Promise<T>): Promise<T> {
  if (!counter) return run();
  Atomics.add(counter, 0, 1);
  Atomics.store(counter, 1, 1);
  return run().finally(() => Atomics.sub(counter, 0, 1));
}

/**
 * Between two slices of an import: waits while writers of the main thread wait for the lock
 * (never longer than `maxMs`, so a stream of requests cannot stop an import), then lets the
 * worker go on. Says whether any writer waited for the lock during the slice.
 */
export async function letWaitingWritersGo(counter: Int32Array | undefined, maxMs = 250): Promise<boolean> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (!counter) return false;
  const waited = Atomics.exchange(counter, 1, 0) === 1 || Atomics.load(counter, 0) > 0;
  const until = Date.now() + maxMs;
  while (Atomics.load(counter, 0) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
  return waited;
}

/** Slice sizes of an import, in rows. */
export const sliceRows = { max: 2000, min: 200, targetMs: 40 };

/**
 * The rows of an import's next slice. A writer that arrives while a slice holds the lock waits for
 * the rest of it: slices of 2,000 rows took 60 to 170 ms once the search index was large, so another
 * user's save waited up to that long (p99 175 ms during a 200,000-link import). While others wait to
 * write, the slices are cut to about `targetMs` of work each; with no one waiting they grow back to
 * the full size, which costs the least (500 rows a slice took 30% more CPU than 2,000).
 */
export function nextSliceRows(rows: number, tookMs: number, writersWaited: boolean, limits = sliceRows): number {
  if (!writersWaited) return Math.min(limits.max, rows * 2);
  const fitting = Math.floor((rows * limits.targetMs) / Math.max(tookMs, 1));
  return Math.max(limits.min, Math.min(limits.max, fitting, rows * 2));
}
