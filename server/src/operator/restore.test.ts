import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskFileStore } from '../integrations/files/index.js';
import { startTestServer, type Agent } from '../testing/harness.js';
import { backupSqlite } from './backup.js';
import { restoreSqlite } from './restore.js';

const password = 'Passw0rd!';
let root: string;
const dir = (name: string) => path.join(root, name);

/** Every file under a folder with a hash of its bytes: what "left untouched" is checked against. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(folder, file)] = createHash('sha256')
      .update(await fs.readFile(file))
      .digest('hex');
  }
  return out;
}

/** A server on DATA_DIR `dataDir` with one account that saved `links`; stopped again afterwards. */
async function seed(dataDir: string, email: string, links: string[], after?: (agent: Agent) => Promise<void>) {
  const t = await startTestServer('sqlite', { DATA_DIR: dataDir });
  try {
    const agent = t.agent();
    await agent.seedAccount(email);
    for (const link of links) {
      const res = await agent.post('/api/bookmarks', { link, title: `Saved ${link}`, category: 'News' });
      expect(res.status).toBe(201);
    }
    await after?.(agent);
  } finally {
    await t.close();
  }
}

async function titlesOf(dataDir: string, email: string) {
  const t = await startTestServer('sqlite', { DATA_DIR: dataDir });
  try {
    const agent = t.agent();
    const login = await agent.post('/api/auth/login', { email, password });
    if (login.status !== 200) return null;
    const list = await agent.get('/api/bookmarks?pageSize=25');
    return (list.body.items as { link: string }[]).map((b) => b.link).sort();
  } finally {
    await t.close();
  }
}

const annLinks = ['https://one.example.org/a', 'https://two.example.org/b', 'https://three.example.org/c'];
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-restore-'));
  await seed(dir('ann-data'), 'ann-restore@example.com', annLinks);
  await diskFileStore(dir('ann-data')).put('screenshots', 'one.example.org.png', png);
  await backupSqlite({ dataDir: dir('ann-data'), target: dir('backup') });
}, 60_000);
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('restoreSqlite', () => {
  it('puts a backup back, keeps the data it replaces aside, and a server on it lists the bookmarks', async () => {
    const dataDir = dir('restore-target');
    await seed(dataDir, 'bob-restore@example.com', ['https://bob.example.org/x']);

    const lines: string[] = [];
    const result = await restoreSqlite({ source: dir('backup'), dataDir, log: (l) => lines.push(l) });
    expect(result.counts).toEqual({ users: 1, bookmarks: 3 });
    expect(path.basename(result.setAside!)).toMatch(/^before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d$/);
    expect(lines.join('\n')).toContain(`is now in ${result.setAside}`);
    expect(await fs.readFile(path.join(dataDir, 'files/screenshots/one.example.org.png'))).toEqual(png);

    expect(await titlesOf(dataDir, 'ann-restore@example.com')).toEqual([...annLinks].sort());
    expect(await titlesOf(dataDir, 'bob-restore@example.com')).toBeNull();

    // What was set aside is itself a backup: restoring it brings Bob back.
    await restoreSqlite({ source: result.setAside!, dataDir });
    expect(await titlesOf(dataDir, 'bob-restore@example.com')).toEqual(['https://bob.example.org/x']);
  }, 120_000);

  it('refuses while a server has the database open, and changes nothing', async () => {
    const dataDir = dir('in-use');
    await seed(dataDir, 'cat-restore@example.com', ['https://cat.example.org/x']);
    const t = await startTestServer('sqlite', { DATA_DIR: dataDir });
    try {
      // The running server may write meanwhile, so the check is on what a restore would move.
      const before = (await fs.readdir(dataDir)).sort();
      await expect(restoreSqlite({ source: dir('backup'), dataDir })).rejects.toThrow(
        'is in use: stop the Linkhive server before restoring',
      );
      expect((await fs.readdir(dataDir)).sort()).toEqual(before);
      const cat = t.agent();
      expect((await cat.post('/api/auth/login', { email: 'cat-restore@example.com', password })).status).toBe(200);
      expect((await cat.get('/api/bookmarks')).body.total).toBe(1);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a missing or broken backup and leaves the current data untouched', async () => {
    const dataDir = dir('keep');
    await seed(dataDir, 'dan-restore@example.com', ['https://dan.example.org/x']);
    const before = await snapshot(dataDir);

    const sound = await fs.readFile(path.join(dir('backup'), 'linkhive.db'));
    const broken = async (name: string, db: Buffer | null) => {
      await fs.mkdir(dir(name));
      if (db) await fs.writeFile(path.join(dir(name), 'linkhive.db'), db);
      return dir(name);
    };
    // Pages of a b-tree overwritten: the file opens but SQLite's integrity check fails.
    const scribbled = Buffer.from(sound);
    scribbled.fill(0xa5, 4096 * 3, 4096 * 6);
    const emptyDb = dir('empty.db');
    new Database(emptyDb).close();
    const cases: [string, RegExp][] = [
      [dir('nowhere'), /^No backup at .*nowhere: it has no linkhive.db\.$/],
      [await broken('no-db', null), /^No backup at .*no-db: it has no linkhive.db\.$/],
      [await broken('garbage', Buffer.from('not a database at all'.repeat(300))), /is not a usable Linkhive database/],
      [
        await broken('truncated', sound.subarray(0, sound.length / 2)),
        /failed its integrity check|not a usable Linkhive database/,
      ],
      [await broken('scribbled', scribbled), /failed its integrity check|not a usable Linkhive database/],
      [await broken('not-linkhive', await fs.readFile(emptyDb)), /not a usable Linkhive database: no such table/],
    ];
    for (const [source, message] of cases) {
      await expect(restoreSqlite({ source, dataDir }), source).rejects.toThrow(message);
      expect(await snapshot(dataDir)).toEqual(before);
    }
    expect(await titlesOf(dataDir, 'dan-restore@example.com')).toEqual(['https://dan.example.org/x']);
  }, 60_000);
});
