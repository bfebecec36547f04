import { describe, expect, it } from 'vitest';
import { waitingFor, waitingWriters } from '../../db/write-turns.js';
import type { ImportItem } from './link-collector.js';
import { LinkStream } from './link-stream.js';
import { importPipeline } from './pipeline.js';
import type { ImportRepository } from './repository.js';

// Issue 27: another user's save waits for the slice that holds the write lock. Slices of 2,000 rows
// took up to 200 ms once a 200,000-link import's index was large (a save's p99 was 175 ms); while
// others wait to write, slices are cut to about 40 ms of work, and grow back when no one waits.

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ link: `https://site-${i}.example/`, title: `Site ${i}` }) as ImportItem);
const parsed = (n: number) =>
  LinkStream.of({
    items: items(n),
    folders: 0,
    skippedNotWeb: 0,
    skippedTooLong: 0,
    duplicatesInFile: 0,
  });

/** A repository that saves every row, takes 0.1 ms of the test's clock a row, and records its slices. */
function fakeRepo(clock: { now: number }, duringSlice: (rows: number) => Promise<void> = async () => {}) {
  const slices: number[] = [];
  const repo = {
    async saveSlice(_job: unknown, slice: ImportItem[]) {
      slices.push(slice.length);
      clock.now += slice.length * 0.1;
      await duringSlice(slice.length);
      return { inserted: slice.length, overwritten: 0 };
    },
    updateJob: async () => {},
    importedFavourites: async () => [],
    finishJob: async () => {},
    failJobs: async () => {},
  } as unknown as ImportRepository;
  return { repo, slices };
}

const job = { id: 'job-1', userId: 'user-1', overwrite: false };

describe('an import’s slices', () => {
  it('are 2,000 rows each while no one else waits to write', async () => {
    const clock = { now: 0 };
    const { repo, slices } = fakeRepo(clock);
    const pipeline = importPipeline(repo, { waitingWriters: waitingWriters(), clock: () => clock.now });
    const { result } = await pipeline.run(job, parsed(9000));
    expect(slices).toEqual([2000, 2000, 2000, 2000, 1000]);
    expect(result.imported).toBe(9000);
  });

  it('shrink to about 40 ms of work while another writer waits, and grow back once no one does', async () => {
    const clock = { now: 0 };
    const counter = waitingWriters();
    let othersWrite = true;
    // A writer of the main thread finds the lock taken during the slice, and gets it as the slice ends,
    // before the worker looks: the worker still learns that it waited.
    const { repo, slices } = fakeRepo(clock, async () => {
      if (othersWrite) await waitingFor(counter, async () => {});
    });
    const pipeline = importPipeline(repo, { waitingWriters: counter, clock: () => clock.now });
    const run = pipeline.run(job, parsed(6000));
    // 2,000 rows took 200 ms: the next slice is the 400 rows that fit in 40 ms, and stays so.
    const { result } = await run;
    expect(slices.slice(0, 4)).toEqual([2000, 400, 400, 400]);
    expect(slices.reduce((a, b) => a + b, 0)).toBe(6000);
    expect(result.imported).toBe(6000);

    othersWrite = false;
    slices.length = 0;
    await importPipeline(repo, { waitingWriters: counter, clock: () => clock.now }).run(job, parsed(5000));
    expect(slices).toEqual([2000, 2000, 1000]);
  });

  it('never go below 200 rows however slow a slice is', async () => {
    const clock = { now: 0 };
    const counter = waitingWriters();
    const { repo, slices } = fakeRepo(clock, async (rows) => {
      clock.now += rows * 10; // a very slow disk
      await waitingFor(counter, async () => {});
    });
    await importPipeline(repo, { waitingWriters: counter, clock: () => clock.now }).run(job, parsed(2600));
    expect(slices).toEqual([2000, 200, 200, 200]);
  });

  it('saves links while the file is still being read, and shows the total only once it is read', async () => {
    const clock = { now: 0 };
    const progress: (number | null)[] = [];
    const jobWrites: object[] = [];
    const { repo, slices } = fakeRepo(clock);
    repo.saveSlice = (async (_job: unknown, slice: ImportItem[], processed: number | null) => {
      slices.push(slice.length);
      progress.push(processed);
      return { inserted: slice.length, overwritten: 0 };
    }) as ImportRepository['saveSlice'];
    repo.updateJob = async (_id, changes) => void jobWrites.push(changes);
    const links = new LinkStream();
    const accepted: number[] = [];
    const run = importPipeline(repo, { waitingWriters: waitingWriters(), clock: () => clock.now }).run(
      job,
      links,
      (total) => accepted.push(total),
    );
    // Two slices' worth arrive while the rest of the file is still being read: both are saved.
    links.push(items(4000));
    await expect.poll(() => slices).toEqual([2000, 2000]);
    expect(accepted).toEqual([]);
    expect(progress).toEqual([null, null]);

    links.push(items(1500));
    links.finish({ folders: 1, skippedNotWeb: 2, skippedTooLong: 0, duplicatesInFile: 4 });
    const { result } = await run;
    expect(slices).toEqual([2000, 2000, 1500]);
    // Accepted once, with the whole file's links and what was saved by then; later slices count on.
    expect(accepted).toEqual([5500]);
    expect(jobWrites).toContainEqual(expect.objectContaining({ phase: 'saving', total: 5500, processed: 4000 }));
    expect(progress).toEqual([null, null, 5500]);
    expect(result).toMatchObject({ total: 5500, imported: 5500, skippedNotWeb: 2, duplicatesInFile: 4, folders: 1 });
  });
});
