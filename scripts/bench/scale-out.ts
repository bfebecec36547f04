// Scale-out figures for `npm run bench`, side by side from one run: saves/s (8 concurrent clients)
// and GET /api/auth/me requests/s for one process on SQLite, for all cores on SQLite (the cluster
// supervisor and its workers) and for three processes on Postgres behind nginx; with the idle
// resident memory of every process of each setup. Needs `node scripts/build.mjs` and, for the
// third, Postgres and nginx (scripts/cluster).
//
// Run on its own: npx jiti scripts/bench/scale-out.ts
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCluster } from '../cluster/cluster.js';
import { childPids, residentMb, startBackend, stopBackends } from '../cluster/servers.js';
import { freePort, percentile, round, savesFor, signUp, sleep } from './support.js';

const saveSeconds = 10;
const meSeconds = 10;

async function savesPerSecond(base: string, cookie: string) {
  const { latencies, seconds } = await savesFor(base, cookie, { seconds: saveSeconds, clients: 8 });
  return {
    perSecond: round(latencies.length / seconds, 0),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
  };
}

/** Both figures on one address, auth/me first as index.ts does. */
async function measure(base: string, email: string) {
  const cookie = await signUp(base, email);
  const me = await autocannon({
    url: `${base}/api/auth/me`,
    connections: 20,
    duration: meSeconds,
    headers: { cookie },
  });
  return {
    authMe: {
      requestsPerSecond: round(me.requests.average, 0),
      p50Ms: me.latency.p50,
      p99Ms: me.latency.p99,
      errors: me.errors + me.non2xx,
    },
    saves8Concurrent: await savesPerSecond(base, cookie),
  };
}

/** Waits until a supervisor has forked its workers (a single process has none), then lets them settle. */
async function idleMemory(pid: number, workers: number) {
  // A budget, for a server that ignores WEB_CONCURRENCY: it then reports one process.
  const until = Date.now() + 30_000;
  while (workers > 1 && childPids(pid).length < workers && Date.now() < until) await sleep(50);
  await sleep(1000);
  const children = childPids(pid);
  // Without workers the spawned process serves by itself; with them it only supervises.
  return children.length
    ? { supervisorMb: residentMb(pid), serverProcessesMb: children.map(residentMb) }
    : { supervisorMb: null, serverProcessesMb: [residentMb(pid)] };
}

async function onSqlite(processes: number) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { WEB_CONCURRENCY: String(processes), AUTH_RATE_LIMIT: '100000', PUBLIC_URL: base, LOG_LEVEL: 'warn' };
  const server = await startBackend({ index: 0, port, env });
  try {
    const idleResidentMemory = await idleMemory(server.pid(), processes);
    const serving = idleResidentMemory.serverProcessesMb.length;
    return {
      webConcurrency: processes,
      serverProcesses: serving,
      ...(serving !== processes ? { note: `WEB_CONCURRENCY=${processes} ran ${serving} process(es)` } : {}),
      idleResidentMemory,
      ...(await measure(base, `scale-${processes}@bench.test`)),
    };
  } finally {
    await stopBackends([server]);
  }
}

async function onPostgresBehindNginx(processes: number) {
  let cluster;
  try {
    // nginx gets one worker a core, as "worker_processes auto" would in production.
    cluster = await startCluster({ processes, nginxWorkers: os.availableParallelism() });
  } catch (err) {
    return `not measured: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    await sleep(1000);
    const idleResidentMemory = {
      serverProcessesMb: cluster.backends.map((b) => residentMb(b.pid())),
      nginxMb: [cluster.nginx.pid, ...childPids(cluster.nginx.pid)].map(residentMb),
    };
    return { serverProcesses: processes, idleResidentMemory, ...(await measure(cluster.base, 'scale-pg@bench.test')) };
  } finally {
    await cluster.stop();
  }
}

export async function measureScaleOut() {
  return {
    cores: os.availableParallelism(),
    durations: { authMeSeconds: meSeconds, authMeConnections: 20, savesSeconds: saveSeconds, saveClients: 8 },
    sqliteOneProcess: await onSqlite(1),
    sqliteAllCores: await onSqlite(os.availableParallelism()),
    postgresThreeProcessesBehindNginx: await onPostgresBehindNginx(3),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureScaleOut(), null, 2));
  // A kept-alive socket to a stopped server must not hold the process open.
  process.exit(0);
}
