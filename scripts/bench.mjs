// npm run bench: measures and prints one JSON object of figures. It never fails on a number.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-'));

const t0 = performance.now();
const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let startMs = null;
for (let i = 0; i < 600 && startMs === null; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) startMs = performance.now() - t0;
  } catch {
    await sleep(10);
  }
}

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
};
await sleep(1000);
const idleRss = rssMb();

const signup = await fetch(`${base}/api/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ firstName: 'Bench', email: 'bench@example.com', password: 'Passw0rd!' }),
});
const cookie = signup.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const load = await autocannon({ url: `${base}/api/auth/me`, connections: 20, duration: 10, headers: { cookie } });
const afterLoadRss = rssMb();

async function landingJsKbGzip() {
  const html = await (await fetch(base, { headers: { accept: 'text/html' } })).text();
  const srcs = new Set(
    [
      ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ].map((m) => m[1]),
  );
  let bytes = 0;
  for (const src of srcs)
    bytes += zlib.gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()), { level: 9 }).length;
  return { kb: bytes / 1024, files: srcs.size };
}
const landing = await landingJsKbGzip();

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });

const round = (n, d = 1) => (n === null ? null : Math.round(n * 10 ** d) / 10 ** d);
console.log(
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version, database: 'sqlite' },
      serverStartToHealthyMs: round(startMs, 0),
      idleResidentMemoryMb: round(idleRss),
      authMe: {
        requestsPerSecond: round(load.requests.average, 0),
        latencyP50Ms: load.latency.p50,
        latencyP99Ms: load.latency.p99,
        errors: load.errors + load.non2xx,
        connections: 20,
        durationS: 10,
      },
      residentMemoryAfterLoadMb: round(afterLoadRss),
      landingPageJsKbGzip: round(landing.kb),
      landingPageJsFiles: landing.files,
      peers: 'none measured: no peer product runs on this machine',
    },
    null,
    2,
  ),
);
