/**
 * Runs read-modify-write steps on one storage key one after another within this context (the
 * background worker): two saves at once must not both read the old queue and drop each other.
 */
export function createExclusive() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(step: () => Promise<T>): Promise<T> => {
    const run = tail.then(step, step);
    tail = run.catch(() => undefined);
    return run;
  };
}
