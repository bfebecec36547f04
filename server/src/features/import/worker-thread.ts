// The import worker: reads uploads, stages and commits imports on its own database connection,
// so no import work runs on the thread that answers requests.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/index.js';
import { importMessages } from '@linkhive/shared/domain/messages';
import { AppError } from '../../http/app-error.js';
import { importPipeline } from './pipeline.js';
import { importRepository } from './repository.js';
import { createUploadReader, type UploadReader } from './upload-reader.js';
import type { FromWorker, ImportWorkerData, ToWorker } from './worker-protocol.js';

/** The worker connection's page cache: see below. */
const importCacheKb = 8000;
const port = parentPort!;
const { waitingWriters, trashDays, ...settings } = workerData as ImportWorkerData;
// Its own writers are not counted: they are the ones that give way. Half the default page cache:
// a thread's malloc arena keeps what its cache held after the thread ends (16 MB cache left about
// 23 MB resident for good), and 8 MB imports 50,000 links as fast (the bench's A/B; 4 MB was slower).
const database = await openDatabase({ ...settings, cacheKb: importCacheKb });
const repo = importRepository(database.db, database.dialect, { trashDays });
const pipeline = importPipeline(repo, { afterCommit: () => database.optimize(), waitingWriters });
const readers = new Map<string, { userId: string; reader: UploadReader; source: 'file' | 'browser' }>();
const send = (message: FromWorker) => port.postMessage(message);

async function end(jobId: string, overwrite: boolean) {
  const reading = readers.get(jobId);
  if (!reading) return;
  readers.delete(jobId);
  let parsed;
  try {
    parsed = await reading.reader.end();
  } catch (err) {
    // A refusal says why in the rule's words; anything else is ours, and its text stays in the log.
    const e = err instanceof AppError ? err : new AppError(500, 'import_failed', importMessages.failed);
    send({ kind: 'refused', jobId, error: { status: e.status, code: e.code, message: e.message, field: e.field } });
    return;
  }
  const job = {
    id: jobId,
    userId: reading.userId,
    overwrite: reading.reader.overwrite ?? overwrite,
    source: reading.source,
  };
  try {
    await pipeline.accept(job, parsed);
    send({ kind: 'accepted', jobId, total: parsed.items.length });
    const { favourites } = await pipeline.run(job, parsed);
    send({ kind: 'finished', jobId, userId: job.userId, favourites });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    send({ kind: 'finished', jobId, userId: job.userId, favourites: [], error });
  }
}

port.on('message', (m: ToWorker) => {
  if (m.kind === 'begin')
    readers.set(m.jobId, {
      userId: m.userId,
      reader: createUploadReader(m.format),
      source: m.format === 'json' ? 'browser' : 'file',
    });
  else if (m.kind === 'chunk') readers.get(m.jobId)?.reader.write(m.data);
  else if (m.kind === 'end') void end(m.jobId, m.overwrite);
  else if (m.kind === 'abort') readers.delete(m.jobId);
});
send({ kind: 'ready' });
