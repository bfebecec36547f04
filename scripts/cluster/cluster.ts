// Postgres, N server processes and nginx in front of them, all on loopback; and the load run on them.
import { randomBytes } from 'node:crypto';
import { freePort } from '../../server/src/testing/free-port.js';
import { checkFiles, checkJobs, checkSaves, waitForJobs } from './checks.js';
import { failuresByCause, runLoad } from './load.js';
import { ensureNginx, startNginx, type Nginx } from './nginx.js';
import { createDatabase, startBackend, stopBackends, type Backend, type Database } from './servers.js';

export interface Cluster {
  /** nginx's address: the one PUBLIC_URL names. */
  base: string;
  db: Database;
  backends: Backend[];
  nginx: Nginx;
  stop(): Promise<void>;
}

export async function startCluster(o: {
  processes: number;
  env?: Record<string, string>;
  tagUpstream?: boolean;
  nginxWorkers?: number;
}): Promise<Cluster> {
  const nginxBinary = ensureNginx();
  const db = await createDatabase();
  const backends: Backend[] = [];
  let nginx: Nginx | null = null;
  const stop = async () => {
    await nginx?.stop();
    await stopBackends(backends);
    await db.drop();
  };
  try {
    const nginxPort = await freePort();
    const base = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: db.url,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: base,
      WEB_CONCURRENCY: '1',
      JOB_WORKER: 'on',
      LOG_LEVEL: 'warn',
      // Every client comes from 127.0.0.1: the per-address sign-up limit would stop the run.
      AUTH_RATE_LIMIT: '100000',
      ...o.env,
    };
    const ports = await Promise.all(Array.from({ length: o.processes }, () => freePort()));
    // All at once, as machines of a deployment start: their migrations meet on one database.
    const started = await Promise.allSettled(ports.map((port, index) => startBackend({ index, port, env })));
    for (const s of started) if (s.status === 'fulfilled') backends.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    nginx = await startNginx(nginxBinary, {
      port: nginxPort,
      backends: ports,
      tagUpstream: o.tagUpstream,
      workers: o.nginxWorkers,
    });
    return { base, db, backends, nginx, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}

/** The load run of `npm run cluster`: `seconds` of load, one process SIGKILLed and restarted half-way. */
export async function clusterLoadRun(o: {
  seconds: number;
  clients: number;
  processes?: number;
  /**
   * How long a process holds a job before another may take it (JOB_LEASE_MS): the killed process's
   * job waits this out. The server's 60 s by default; the test in npm test sets a few seconds.
   */
  jobLeaseMs?: number;
  log?: (line: string) => void;
}) {
  const log = o.log ?? (() => {});
  const processes = o.processes ?? 3;
  const leaseMs = o.jobLeaseMs ?? 60_000;
  const cluster = await startCluster({
    processes,
    tagUpstream: true,
    env: o.jobLeaseMs ? { JOB_LEASE_MS: String(o.jobLeaseMs) } : {},
  });
  try {
    const victim = cluster.backends[1 % processes]!;
    log(
      `${processes} processes on ${cluster.db.name} behind nginx at ${cluster.base}; ${o.clients} clients for ${o.seconds} s`,
    );
    const load = await runLoad({
      base: cluster.base,
      seconds: o.seconds,
      clients: o.clients,
      victim,
      runId: randomBytes(3).toString('hex'),
    });
    log(
      `Load done; waiting for the welcome-mail jobs to finish (a job the killed process held waits out its ${leaseMs / 1000} s lease)`,
    );
    const jobsFinished = await waitForJobs(cluster.db.client, 180_000);
    const saves = await checkSaves(cluster.db.client, load);
    const jobs = await checkJobs(cluster.db.client, load, cluster.backends);
    const files = await checkFiles(cluster.db.client, cluster.backends);
    const failed = failuresByCause(load);
    const kill = load.kill;
    const servedAfterRestart = kill
      ? load.outcomes.filter((x) => x.start > kill.healthyAgain && x.upstream.endsWith(`:${kill.port}`)).length
      : 0;
    const seconds = (load.ended - load.started) / 1000;
    const byOp = (op: string) => {
      const ms = load.outcomes.filter((x) => x.op === op).map((x) => x.end - x.start);
      ms.sort((a, b) => a - b);
      const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? null;
      return { requests: ms.length, p50Ms: at(0.5), p99Ms: at(0.99) };
    };
    const figures = {
      processes,
      clients: o.clients,
      seconds: Math.round(seconds * 10) / 10,
      requests: load.outcomes.length,
      requestsPerSecond: Math.round(load.outcomes.length / seconds),
      savesPerSecond: Math.round(saves.acknowledged / seconds),
      byOperation: Object.fromEntries(['signup', 'photo', 'save', 'list', 'search'].map((op) => [op, byOp(op)])),
      kill: kill && {
        process: kill.backend,
        signal: 'SIGKILL',
        atSecond: Math.round((kill.at - load.started) / 100) / 10,
        goneAfterMs: kill.gone - kill.at,
        healthyAgainAfterMs: kill.healthyAgain - kill.at,
        requestsServedAfterRestart: servedAfterRestart,
      },
      failedRequests: failed,
      saves,
      jobs: { allFinished: jobsFinished, ...jobs },
      files,
      signUpErrors: load.clientErrors.slice(0, 5),
      unexpectedProcessExits: cluster.backends.flatMap((b) => b.unexpectedExits),
    };
    /** The invariants that did not hold; empty when the run passed. */
    const failures: string[] = [];
    const must = (ok: boolean, what: string) => ok || failures.push(what);
    must(saves.lostWrites === 0, `${saves.lostWrites} acknowledged saves are missing`);
    must(saves.duplicateRows === 0, `${saves.duplicateRows} (user, link) pairs are stored more than once`);
    must(saves.firstSaveAnswered409 === 0, `${saves.firstSaveAnswered409} first saves of a link answered 409`);
    must(jobsFinished, 'welcome-mail jobs were still queued or running 180 s after the load');
    must(
      jobs.accountsWithoutExactlyOneJob === 0,
      `${jobs.accountsWithoutExactlyOneJob} accounts without one welcome job`,
    );
    must(jobs.accountsWithoutProfile === 0, `${jobs.accountsWithoutProfile} accounts without a profile`);
    must(jobs.jobsNotDone === 0, `${jobs.jobsNotDone} welcome jobs did not end done`);
    must(jobs.accountsWithoutMail === 0, `${jobs.accountsWithoutMail} accounts got no welcome mail`);
    must(jobs.mailedTwiceOtherwise === 0, `${jobs.mailedTwiceOtherwise} welcome mails written twice by a job run once`);
    must(
      files.files > 0 && files.served === files.fetches,
      `stored files not served by every process: ${files.failures.join('; ')}`,
    );
    must(
      failed.outside['5xx'] + failed.outside.noAnswer === 0,
      `requests failed outside the killed process's own: ${failed.outsideSamples.join('; ')}`,
    );
    must(figures.unexpectedProcessExits.length === 0, 'a server process died that was not killed');
    must(!!kill, 'the kill did not happen');
    return { figures, failures };
  } finally {
    await cluster.stop();
  }
}
