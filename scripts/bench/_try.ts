import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateLinks, netscapeFile } from '../../server/src/testing/netscape-file.js';
import { signUp, startBenchServer, waitForImportJob } from './support.js';
const text = netscapeFile(generateLinks(50_000, { duplicateShare: 0.1, seed: 7 }));
for (let round = 0; round < 1; round++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-try-'));
  const server = await startBenchServer({ dataDir, pollMs: 20 });
  const cookie = await signUp(server.base, 'i@example.com');
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/html' }), 'b.html');
  const t = performance.now();
  const res = await fetch(`${server.base}/api/import`, { method: 'POST', headers: { origin: server.base, cookie }, body: form });
  const r = await waitForImportJob(server.base, cookie, await res.json() as any);
  console.log('import 50k', Math.round(performance.now() - t), 'ms', r.imported, 'db MB', (fs.statSync(path.join(dataDir, 'linkhive.db')).size / 1e6).toFixed(1), 'wal', (fs.statSync(path.join(dataDir, 'linkhive.db-wal')).size / 1e6).toFixed(1), 'load', os.loadavg()[0]);
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
