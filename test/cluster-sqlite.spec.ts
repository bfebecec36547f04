// Not a browser test: all cores on one machine (WEB_CONCURRENCY=3 on SQLite), started as
// production starts it. It lives here because it needs the built server.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../server/src/testing/free-port.js';
import { readOutbox } from '../server/src/testing/outbox.js';
import { password } from './testing/accounts.js';
import { grant } from './testing/plans.js';
import { startServerProcess, type ServerProcess } from './testing/processes.js';

// Four processes start and 16 accounts save at once on a busy 2-core machine: a budget, not a wait.
test.setTimeout(180_000);
// One cluster for the file, in one worker: its tests run in order.
test.describe.configure({ mode: 'default' });

let dataDir: string;
let server: ServerProcess;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-cluster-sqlite-'));
  server = startServerProcess(await freePort(), { WEB_CONCURRENCY: '3', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '10000' });
  await server.healthy();
});
test.afterAll(async () => {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One request on a connection of its own, so that the cluster hands each to the next process. */
function request(method: string, url: string, cookie = '', body?: unknown) {
  return new Promise<{ status: number; body: any; cookie: string }>((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          cookie,
          origin: server.base,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const set = res.headers['set-cookie'] ?? [];
          resolve({
            status: res.statusCode!,
            body: text ? JSON.parse(text) : null,
            cookie: set.map((c) => c.split(';')[0]).join('; '),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function signUp(name: string) {
  const email = `${name}-${Date.now()}@cluster.test`;
  const res = await request('POST', `${server.base}/api/auth/signup`, '', { firstName: name, email, password });
  expect(res.status).toBe(201);
  return { email, cookie: res.cookie };
}

/** Workers of the supervisor: the processes whose parent is the started one. */
function workerPids(): number[] {
  const children = fs.readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8');
  return children.trim().split(/\s+/).filter(Boolean).map(Number);
}

async function mailsTo(email: string, count: number) {
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(email));
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('16 accounts saving at once through three processes: every save lands once, no write fails, each mail goes once', async () => {
  const accounts = await Promise.all(Array.from({ length: 16 }, (_, i) => signUp(`saver${i}`)));
  const perAccount = 25;
  const statuses = await Promise.all(
    accounts.map(async (a, i) => {
      const got: number[] = [];
      for (let n = 0; n < perAccount; n++) {
        const res = await request('POST', `${server.base}/api/bookmarks`, a.cookie, {
          link: `https://site${n}.example.com/from/${i}`,
          title: `Page ${n}`,
          category: `Topic ${n % 3}`,
        });
        got.push(res.status);
      }
      return got;
    }),
  );
  expect(statuses.flat().filter((s) => s !== 201)).toEqual([]);
  for (const a of accounts) {
    const list = await request('GET', `${server.base}/api/bookmarks?page=1&pageSize=100`, a.cookie);
    expect(list.body.items).toHaveLength(perAccount);
  }
  // The welcome mails are jobs: one process runs them, each exactly once.
  for (const a of accounts) expect(await mailsTo(a.email, 1)).toHaveLength(1);
  const problems = server.lines().filter((l) => Number(l.level) >= 50 || /database is locked/i.test(JSON.stringify(l)));
  expect(problems).toEqual([]);
});

test("an owner's change reaches a member whose live stream another process serves", async () => {
  const owner = await signUp('owner');
  const member = await signUp('member');
  await grant(owner.email, 'subscriptionPro', dataDir);
  const group = (await request('POST', `${server.base}/api/groups`, owner.cookie, { name: 'Cluster team' })).body.group;
  expect(
    (await request('POST', `${server.base}/api/groups/${group.id}/invites`, owner.cookie, { email: member.email }))
      .status,
  ).toBe(201);
  const [invitation] = await mailsTo(member.email, 2).then((ms) => ms.filter((m) => m.subject.startsWith('You are')));
  const token = invitation!.text.match(/token=([0-9a-f]+)/)![1];
  const accepted = await request('POST', `${server.base}/api/invites/accept`, member.cookie, { token });
  expect(accepted.body.status).toBe('joined');

  const seen: { groupId: string; kind: string }[] = [];
  let onEvent = () => {};
  const stream = http.get(`${server.base}/api/groups/events`, { agent: false, headers: { cookie: member.cookie } });
  const opened = new Promise<void>((resolve) =>
    stream.on('response', (res) => {
      resolve();
      let buffer = '';
      res.on('data', (d) => {
        buffer += d;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) seen.push(JSON.parse(data.slice(6)));
          onEvent();
        }
      });
    }),
  );
  await opened;
  try {
    // Each save on a new connection: the cluster hands them round the three processes, so most
    // are saved by a process other than the one holding the member's stream.
    const links = 6;
    for (let n = 0; n < links; n++) {
      const res = await request('POST', `${server.base}/api/groups/${group.id}/links`, owner.cookie, {
        link: `https://shared${n}.example.com/`,
        title: `Shared ${n}`,
      });
      expect(res.status).toBe(201);
    }
    await new Promise<void>((resolve) => {
      onEvent = () => seen.filter((e) => e.groupId === group.id).length >= links && resolve();
      onEvent();
    });
    expect(seen.filter((e) => e.groupId === group.id)).toHaveLength(links);
  } finally {
    stream.destroy();
  }
});

test('a server process that dies is replaced in its slot', async () => {
  const before = workerPids();
  expect(before).toHaveLength(3);
  const victim = before[1]!;
  const listening = () => server.lines().filter((l) => l.msg === 'server process listening').length;
  const listenedBefore = listening();
  process.kill(victim, 'SIGKILL');
  // Wait on the state: a new process in the slot, listening.
  while (listening() === listenedBefore) await new Promise((r) => setTimeout(r, 100));
  const now = workerPids();
  expect(now).toHaveLength(3);
  expect(now).not.toContain(victim);
  const died = server.lines().filter((l) => l.msg === 'server process died; replacing it');
  expect(died.map((l) => [l.pid, l.signal])).toEqual([[victim, 'SIGKILL']]);
  for (let i = 0; i < 6; i++) expect((await request('GET', `${server.base}/api/health`)).status).toBe(200);
});
