// Where a save and a session check spend their time: `npx jiti scripts/bench/profile.ts [options]`.
// Starts the built server (one process) under --cpu-prof, drives one path at a time, stops it with
// SIGTERM and summarises the profile by package (node_modules) or source file (through the bundle's
// source map), self and inclusive time, leaving out the start and the sign-up. It prints the
// throughput and RSS of each run too, so it doubles as an A/B harness: other engineers rebuild
// server/dist from the same tree, so a version to compare is bundled under a label of its own.
//   --paths me,save   loads to run, each on a fresh server and database
//   --seconds 8       load duration per path
//   --top 20          rows per table
//   --no-profile      throughput and memory only (no profiler overhead)
//   --build LABEL     bundle the current sources into server/dist/ab/LABEL and stop
//   --dists A,B       run from these labels, alternating, instead of server/dist
//   --rounds 1        repeat the whole set (A/B figures on a busy machine need a few)
//   --summarise FILE  only summarise an existing .cpuprofile
//   --node-args "…"   extra node flags for the server (e.g. "--max-semi-space-size=1")
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, percentile, root, round, savesFor, signUp, sleep } from './support.js';
import { summariseProfile } from './profile-summary.js';

const { values: opts } = parseArgs({
  options: {
    paths: { type: 'string', default: 'me,save' },
    seconds: { type: 'string', default: '8' },
    top: { type: 'string', default: '20' },
    'no-profile': { type: 'boolean', default: false },
    build: { type: 'string' },
    dists: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    summarise: { type: 'string' },
    'node-args': { type: 'string', default: '' },
  },
});
const top = Number(opts.top);
const abDir = (label: string) => path.join(root, 'server/dist/ab', label);

if (opts.summarise) {
  console.log(summariseProfile(opts.summarise, top));
  process.exit(0);
}
if (opts.build) {
  // The same bundle as scripts/build.mjs makes of the server process (main.js loads serve.js).
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((d: string) => !d.startsWith('@linkhive/'));
  await build({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      serve: path.join(root, 'server/src/serve.ts'),
      'import-worker': path.join(root, 'server/src/features/import/worker-thread.ts'),
    },
    outdir: abDir(opts.build),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: [...external, ...external.map((d: string) => `${d}/*`)],
    logLevel: 'warning',
  });
  console.log(`built ${abDir(opts.build)}`);
  process.exit(0);
}

const dists = opts.dists ? opts.dists.split(',').map(abDir) : [path.join(root, 'server/dist')];
if (!opts.dists) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const seconds = Number(opts.seconds);
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const profile = !opts['no-profile'];

async function startServer(dist: string, dataDir: string, profDir: string) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const flags = opts['node-args'].split(/\s+/).filter(Boolean);
  if (profile) flags.push('--cpu-prof', `--cpu-prof-dir=${profDir}`);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...flags, path.join(dist, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (i > 600) throw new Error('the server did not start');
      await sleep(20);
    }
  }
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
  // CPU time of the whole process (every thread) in ms: on a machine shared with other work this
  // per request is a steadier figure than requests per second.
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  };
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { base, rss, cpuMs, stop, spawnedAt };
}

async function authMe(base: string, cookie: string) {
  const r = await autocannon({ url: `${base}/api/auth/me`, connections: 20, duration: seconds, headers: { cookie } });
  return {
    perSecond: round(r.requests.average, 0),
    p50Ms: r.latency.p50,
    errors: r.errors + r.non2xx,
    // autocannon reports the count; the bench's type declaration (autocannon.d.ts) leaves it out.
    requests: (r.requests as { total?: number }).total ?? r.requests.average * seconds,
  };
}

// The bench's saves: 8 clients, a new link each request.
async function saves(base: string, cookie: string) {
  const { latencies, seconds: s } = await savesFor(base, cookie, { seconds, clients: 8 });
  return {
    perSecond: round(latencies.length / s, 0),
    p50Ms: round(percentile(latencies, 50), 2),
    requests: latencies.length,
  };
}

const loads = { me: authMe, save: saves } as const;
for (let round_ = 0; round_ < Number(opts.rounds); round_++) {
  for (const name of opts.paths.split(',') as (keyof typeof loads)[]) {
    for (const dist of dists) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-prof-'));
      const profDir = path.join(dataDir, 'prof');
      const server = await startServer(dist, dataDir, profDir);
      await sleep(1000);
      const idleRssMb = round(server.rss());
      const cookie = await signUp(server.base, `prof-${name}@example.com`);
      const loadFromMs = performance.now() - server.spawnedAt;
      const cpuBefore = server.cpuMs();
      const { requests, ...result } = await loads[name](server.base, cookie);
      const cpuUsPerRequest = round(((server.cpuMs() - cpuBefore) * 1000) / requests, 0);
      const afterLoadRssMb = round(server.rss());
      await server.stop();
      const label = path.relative(path.join(root, 'server'), dist);
      console.log(JSON.stringify({ dist: label, path: name, idleRssMb, afterLoadRssMb, cpuUsPerRequest, ...result }));
      if (profile) {
        const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
        if (!file) throw new Error('no profile written');
        const kept = path.join(os.tmpdir(), `linkhive-${name}-${path.basename(dist)}-${Date.now()}.cpuprofile`);
        fs.copyFileSync(path.join(profDir, file), kept);
        console.log(`profile: ${kept}\n${summariseProfile(kept, top, loadFromMs, seconds * 1000)}\n`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
