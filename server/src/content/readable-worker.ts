import { parentPort } from 'node:worker_threads';
import { extractReadable } from './readable.js';
import type { ExtractReply, ExtractRequest } from './readable-pool.js';

// The crawler's extraction thread (readable-pool.ts): parses a page and extracts its article off
// the server's own thread, so that reading a large page never holds up another user's request.
parentPort!.on('message', ({ id, html, url }: ExtractRequest) => {
  let reply: ExtractReply;
  try {
    reply = { id, copy: extractReadable(html, url) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
