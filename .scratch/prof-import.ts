import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { generateLinks, netscapeFile } from '../server/src/testing/netscape-file.js';
import { signUp, waitForImportJob } from '../scripts/bench/support.js';
import { summariseProfile } from '../scripts/bench/profile-summary.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const profDir = path.join(dataDir, 'prof');
const text = netscapeFile(generateLinks(50_000, { duplicateShare: 0.1, seed: 7 }));
const port = 40000 + Math.floor(Math.random() * 10000);
const base = `http://localhost:${port}`;
const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'server/dist/main.js'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
for (;;) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { await sleep(20); } }
const cookie = await signUp(base, 'importer@example.com');
await sleep(1000);
const runs = Number(process.env.RUNS ?? 1);
for (let r = 0; r < runs; r++) {
  const c = r === 0 ? cookie : await signUp(base, `importer${r}@example.com`);
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/html' }), 'bookmarks.html');
  const t = performance.now();
  const res = await fetch(`${base}/api/import`, { method: 'POST', headers: { origin: base, cookie: c }, body: form });
  const result = await waitForImportJob(base, c, await res.json());
  console.log('import ms', Math.round(performance.now() - t), result.imported);
}
await sleep(3000);
const exited = new Promise((r) => child.once('exit', r));
child.kill('SIGTERM');
await exited;
if (process.env.PROF) for (const f of fs.readdirSync(profDir)) { const p = path.join(profDir, f); console.log(f, fs.statSync(p).size); console.log(summariseProfile(p, 25)); }
