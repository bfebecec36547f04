// Not a browser test: how the built server starts (node server/dist/main.js), with several
// processes at once. It lives here because it needs the built server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { freePort } from '../server/src/testing/free-port.js';
import { createDatabase } from '../scripts/cluster/servers.js';
import { startServerProcess, type ServerProcess } from './testing/processes.js';

// Three processes starting on one machine or three: a budget for a busy 2-core machine, not a wait.
test.setTimeout(120_000);

const appliedBy = (servers: ServerProcess[]) =>
  servers.map((s) => s.lines().filter((l) => l.msg === 'migrations applied').length);

async function startThree(env: (i: number) => Record<string, string>) {
  const servers: ServerProcess[] = [];
  for (let i = 0; i < 3; i++) servers.push(startServerProcess(await freePort(), { WEB_CONCURRENCY: '1', ...env(i) }));
  return servers;
}

test('three processes started at once on an empty Postgres database migrate it once, and all serve', async () => {
  const database = await createDatabase();
  const servers = await startThree((i) => ({
    DATABASE_URL: database.url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `linkhive-start-${i}-`)),
  }));
  try {
    await Promise.all(servers.map((s) => s.healthy()));
    expect(appliedBy(servers).sort()).toEqual([0, 0, 1]);
    const { rows } = await database.client.query('select name, count(*)::int as n from kysely_migration group by name');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    for (const s of servers) expect((await fetch(`${s.base}/api/plans`)).status).toBe(200);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
});

test('three processes started at once on an empty SQLite folder migrate it once, and all serve', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-start-sqlite-'));
  const servers = await startThree(() => ({ DATA_DIR: dataDir }));
  try {
    await Promise.all(servers.map((s) => s.healthy()));
    expect(appliedBy(servers).sort()).toEqual([0, 0, 1]);
    const db = new Database(path.join(dataDir, 'linkhive.db'), { readonly: true });
    const counts = db.prepare('select name, count(*) as n from kysely_migration group by name').all() as {
      n: number;
    }[];
    db.close();
    expect(counts.length).toBeGreaterThan(10);
    expect(counts.filter((r) => r.n !== 1)).toEqual([]);
    for (const s of servers) expect((await fetch(`${s.base}/api/plans`)).status).toBe(200);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
