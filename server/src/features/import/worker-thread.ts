// The import worker: saves imports on its own database connection, so no import work runs on the
// thread that answers requests. An HTML file is parsed by its reading thread (reader-thread.ts) as
// it arrives, and its links are saved here meanwhile; the extension's JSON is read here, whole.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/index.js';
import { LinkStream } from './link-stream.js';
import { importPipeline } from './pipeline.js';
import { importRepository } from './repository.js';
import { createUploadReader, type UploadReader } from './upload-reader.js';
import {
  fromRefusal,
  importFailed,
  refusalOf,
  type FromReader,
  type FromWorker,
  type ImportWorkerData,
  type ToReader,
  type ToWorker,
} from './worker-protocol.js';

/** The worker connection's page cache: see below. */
const importCacheKb = 8000;
const port = parentPort!;
const { waitingWriters, trashDays, readerFile, ...settings } = workerData as ImportWorkerData;
interface Upload {
  userId: string;
  source: 'file' | 'browser';
  links: LinkStream;
  /** JSON: read here when the upload ends. HTML goes to the reading thread. */
  reader?: UploadReader;
}
const uploads = new Map<string, Upload>();
const send = (message: FromWorker) => port.postMessage(message);

/**
 * The reading thread, started with this thread and kept while it runs (it ends with it). If it dies,
 * the uploads it was reading fail, and the next one starts another.
 */
let readingThread: Worker | null = null;
function reading(): Worker {
  if (readingThread) return readingThread;
  const w = new Worker(readerFile);
  w.on('message', (m: FromReader) => {
    const links = uploads.get(m.jobId)?.links;
    if (!links) return;
    if (m.kind === 'links') links.push(m.items);
    else if (m.kind === 'read') links.finish(m.summary);
    else links.fail(fromRefusal(m.error));
  });
  const lost = () => {
    if (readingThread !== w) return;
    readingThread = null;
    for (const upload of uploads.values()) if (!upload.reader && !upload.links.read) upload.links.fail(importFailed());
  };
  w.on('error', lost);
  w.on('exit', lost);
  readingThread = w;
  return w;
}
const toReader = (message: ToReader, transfer?: ArrayBuffer[]) => reading().postMessage(message, transfer);

// The reading thread starts beside this thread's own start (each takes about 100 ms on 2 cores),
// and the upload's bytes go on to it while this thread opens the database (the messages below are
// taken from the start): the first links are read by the time this thread can save them.
reading();
const saving = openSaving();
// A database that cannot be opened ends the thread, as before: the runner fails the jobs it held.
saving.catch((err: unknown) =>
  setImmediate(() => {
    throw err;
  }),
);

async function openSaving() {
  // Its own writers are not counted: they are the ones that give way. Half the default page cache:
  // a thread's malloc arena keeps what its cache held after the thread ends (16 MB cache left about
  // 23 MB resident for good), and 8 MB imports 50,000 links as fast (the bench's A/B; 4 MB was slower).
  const database = await openDatabase({ ...settings, cacheKb: importCacheKb });
  const repo = importRepository(database.db, database.dialect, { trashDays });
  /**
   * Every 10 slices (up to 20,000 rows) the WAL is copied back and emptied, waiting up to
   * 100 ms for others' reads to end (Db.truncateWal): other users working during a large import read
   * and write all the time, so the slices' own checkpoints could never start it over (a 200,000-link
   * import left a WAL of 0.5-1 GB); and once more when the import is done. Meanwhile others' writes
   * wait, as they do for a slice.
   */
  const slicesPerTruncate = 10;
  let slices = 0;
  const afterSlice = () => void (++slices % slicesPerTruncate === 0 && database.truncateWal(100));
  const afterCommit = async () => {
    await database.optimize();
    database.truncateWal(100);
  };
  return importPipeline(repo, { afterCommit, afterSlice, waitingWriters });
}

/** The whole upload has arrived: its links are saved as they are read, and the job reported. */
async function end(jobId: string, overwrite: boolean) {
  const upload = uploads.get(jobId);
  if (!upload) return;
  const { links, reader } = upload;
  if (reader) {
    reader
      .end()
      .then((parsed) => links.finishWith(parsed))
      .catch((err: unknown) => links.fail(err instanceof Error ? err : importFailed()));
  } else toReader({ kind: 'end', jobId });
  try {
    // Refused uploads are refused before any of their links: the marker is in the first 1 KB.
    await links.ready();
  } catch (err) {
    uploads.delete(jobId);
    send({ kind: 'refused', jobId, error: refusalOf(err) });
    return;
  }
  const job = { id: jobId, userId: upload.userId, overwrite: reader?.overwrite ?? overwrite, source: upload.source };
  try {
    const pipeline = await saving;
    const { favourites } = await pipeline.run(job, links, (total) => send({ kind: 'accepted', jobId, total }));
    send({ kind: 'finished', jobId, userId: job.userId, favourites });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    send({ kind: 'finished', jobId, userId: job.userId, favourites: [], error });
  } finally {
    uploads.delete(jobId);
  }
}

port.on('message', (m: ToWorker) => {
  if (m.kind === 'begin') {
    const json = m.format === 'json';
    uploads.set(m.jobId, {
      userId: m.userId,
      source: json ? 'browser' : 'file',
      links: new LinkStream(),
      reader: json ? createUploadReader('json') : undefined,
    });
    if (!json) toReader({ kind: 'begin', jobId: m.jobId });
    return;
  }
  const upload = uploads.get(m.jobId);
  if (!upload) return;
  if (m.kind === 'chunk') {
    if (upload.reader) upload.reader.write(m.data);
    // The bytes are not needed here: they move to the reading thread rather than being copied.
    else toReader({ kind: 'chunk', jobId: m.jobId, data: m.data }, [m.data.buffer as ArrayBuffer]);
  } else if (m.kind === 'end') void end(m.jobId, m.overwrite);
  else if (m.kind === 'abort') {
    uploads.delete(m.jobId);
    if (!upload.reader) toReader({ kind: 'abort', jobId: m.jobId });
  }
});
void saving.then(() => send({ kind: 'ready' }));
