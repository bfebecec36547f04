// The import's reading thread: parses an uploaded bookmark file as its bytes arrive and hands the
// links on to the import thread a batch at a time, so that the import thread saves them while the
// rest of the file is still being parsed (issue 27: the parse was a third of a 50,000-link import,
// spent before the first row was saved). It holds no database connection.
import { parentPort } from 'node:worker_threads';
import { createUploadReader, type UploadReader } from './upload-reader.js';
import { refusalOf, type FromReader, type ToReader } from './worker-protocol.js';

/** Links per batch: one slice of the import's (pipeline.ts), so that a slice waits for one batch at most. */
const batchLinks = 2000;
const port = parentPort!;
const readers = new Map<string, UploadReader>();
const send = (message: FromReader) => port.postMessage(message);

function pass(jobId: string, reader: UploadReader, min: number) {
  const items = reader.take!(min);
  if (items.length) send({ kind: 'links', jobId, items });
}

async function end(jobId: string, reader: UploadReader) {
  try {
    const { items, ...summary } = await reader.end();
    if (items.length) send({ kind: 'links', jobId, items });
    send({ kind: 'read', jobId, summary });
  } catch (err) {
    send({ kind: 'refused', jobId, error: refusalOf(err) });
  }
}

port.on('message', (m: ToReader) => {
  if (m.kind === 'begin') readers.set(m.jobId, createUploadReader('html'));
  else if (m.kind === 'abort') readers.delete(m.jobId);
  else {
    const reader = readers.get(m.jobId);
    if (!reader) return;
    if (m.kind === 'chunk') {
      reader.write(m.data);
      pass(m.jobId, reader, batchLinks);
    } else {
      readers.delete(m.jobId);
      void end(m.jobId, reader);
    }
  }
});
