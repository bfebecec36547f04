// Workspace figures for `npm run bench`: opening a group of 10,000 links (its first page, and a
// search in it), and the delay from an owner's save to a member's open page showing it: the live
// event arriving on the member's stream, then the page's reload of its first page holding the new
// link. On SQLite with one server, and on Postgres with two server processes (the owner on one, the
// member on the other), when Postgres answers. Needs `node scripts/build.mjs`.
//
// Run on its own: npx jiti scripts/bench/workspaces.ts
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { readOutbox } from '../../server/src/testing/outbox.js';
import { postgresAdminUrl } from '../../server/src/testing/postgres-check.js';
import { percentile, root, round, signUp, startBenchServer, type BenchServer } from './support.js';

const links = 10_000;
const liveRounds = 40;

interface Account {
  base: string;
  cookie: string;
}

async function call<T>(who: Account, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${who.base}${p}`, {
    method,
    headers: { cookie: who.cookie, origin: who.base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** An owner with a group and a member who joined it through the mailed invitation. */
async function groupWithMember(owner: Account, member: Account, memberEmail: string, dataDir: string) {
  const { group } = await call<{ group: { id: string } }>(owner, 'POST', '/api/groups', { name: 'Bench team' });
  await call(owner, 'POST', `/api/groups/${group.id}/invites`, { email: memberEmail });
  let token: string | undefined;
  while (!token) {
    // The welcome mail goes to the same address: the invitation is the one with a token.
    const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(memberEmail));
    token = mails.map((m) => m.text.match(/token=([0-9a-f]{40})/)?.[1]).find(Boolean);
    if (!token) await new Promise((r) => setTimeout(r, 20));
  }
  await call(member, 'POST', '/api/invites/accept', { token });
  return group.id;
}

/** The member's live stream: resolves each time an event of the group arrives. */
async function openStream(member: Account) {
  const controller = new AbortController();
  const res = await fetch(`${member.base}/api/groups/events`, {
    headers: { cookie: member.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`events answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const waiting: (() => void)[] = [];
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^data: .*"kind":"links"/m.test(message)) waiting.shift()?.();
      }
    }
  })();
  return {
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: () => controller.abort(),
  };
}

/** From the owner's save to the member's first page holding the new link. */
async function liveDelay(owner: Account, member: Account, groupId: string, rounds: number) {
  const stream = await openStream(member);
  const ms: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const link = `https://live-${randomBytes(4).toString('hex')}.example.com/`;
      const arrived = stream.next();
      const t = performance.now();
      await call(owner, 'POST', `/api/groups/${groupId}/links`, { link, title: `Live ${i}`, category: 'News' });
      await arrived;
      const page = await call<{ items: { link: string }[] }>(member, 'GET', `/api/groups/${groupId}/links?page=1`);
      if (!page.items.some((item) => item.link === link)) throw new Error('the new link is not on the first page');
      ms.push(performance.now() - t);
    }
  } finally {
    stream.close();
  }
  return { p50Ms: round(percentile(ms, 50), 1), p99Ms: round(percentile(ms, 99), 1), rounds };
}

async function latencies(who: Account, p: string, n: number) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call(who, 'GET', p);
    ms.push(performance.now() - t);
  }
  return { p50Ms: round(percentile(ms, 50), 2), p99Ms: round(percentile(ms, 99), 2) };
}

/** 10,000 links straight into the group's table: one request each would measure the saves, not the page. */
function seedLinks(file: string, groupId: string, ownerId: string) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const insert = db.prepare(`insert into group_link (id, group_id, link, link_key, domain, title, category, rss_feed,
    added_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?)`);
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < links; i++) {
      const at = new Date(now - (i + 1) * 60_000).toISOString();
      const link = `https://site${i % 700}.example.com/page/${i}`;
      insert.run(
        randomUUID(),
        groupId,
        link,
        link,
        `site${i % 700}.example.com`,
        `Page ${i}`,
        `Topic ${i % 20}`,
        ownerId,
        at,
        at,
      );
    }
  })();
  db.close();
}

async function onSqlite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-groups-'));
  const server = await startBenchServer({ dataDir, env: { AUTH_RATE_LIMIT: '100000' }, pollMs: 10 });
  try {
    const owner = { base: server.base, cookie: await signUp(server.base, 'owner@bench.test') };
    const member = { base: server.base, cookie: await signUp(server.base, 'member@bench.test') };
    const groupId = await groupWithMember(owner, member, 'member@bench.test', dataDir);
    const me = await call<{ user: { id: string } }>(owner, 'GET', '/api/auth/me');
    // A group of 10,000 links (and the live rounds' adds) is beyond the Free plan's 1,000 a group:
    // the owner is on Business, as an operator's grant makes one.
    execFileSync(
      process.execPath,
      [path.join(root, 'server/dist/admin.js'), 'grant', 'owner@bench.test', 'subscriptionBusiness'],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: 'ignore',
      },
    );
    seedLinks(path.join(dataDir, 'linkhive.db'), groupId, me.user.id);
    return {
      linksInGroup: links,
      firstPageOf25: await latencies(member, `/api/groups/${groupId}/links?page=1`, 200),
      searchOneWord: await latencies(member, `/api/groups/${groupId}/links?q=site42`, 200),
      saveToMemberPage: await liveDelay(owner, member, groupId, liveRounds),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgresTwoProcesses() {
  const name = `linkhive_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    return `Postgres did not answer (${err instanceof Error ? err.message : String(err)}): not measured`;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-groups-pg-'));
  const servers: BenchServer[] = [];
  try {
    const env = { AUTH_RATE_LIMIT: '100000', DATABASE_URL: url.toString() };
    servers.push(await startBenchServer({ dataDir, env, pollMs: 10 }));
    servers.push(await startBenchServer({ dataDir, env, pollMs: 10 }));
    const [a, b] = servers as [BenchServer, BenchServer];
    const owner = { base: a.base, cookie: await signUp(a.base, 'owner@bench.test') };
    const member = { base: b.base, cookie: await signUp(b.base, 'member@bench.test') };
    const groupId = await groupWithMember(owner, member, 'member@bench.test', dataDir);
    return { processes: 2, saveToMemberPageAcrossProcesses: await liveDelay(owner, member, groupId, liveRounds) };
  } finally {
    for (const s of servers) await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function measureWorkspaces() {
  return { sqlite: await onSqlite(), postgres: await onPostgresTwoProcesses() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureWorkspaces(), null, 2));
}
