import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from './index.js';
import { letWaitingWritersGo, waitingWriters } from './write-turns.js';

// The import worker writes slice after slice; a request that finds the write lock taken must get
// it between two slices, not after the last one (issue 27: up to 1.9 s for another user's save).
describe('writers waiting for SQLite’s write lock', () => {
  let dir: string;
  let database: Db;
  let other: SQLite.Database;
  const counter = waitingWriters();

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-write-turns-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir, waitingWriters: counter });
    await sql`create table note (id integer primary key, text text)`.execute(database.db);
    // Another connection to the same file, as the import worker has.
    other = new SQLite(path.join(dir, 'linkhive.db'));
  });
  afterAll(async () => {
    other?.close();
    await database?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('counts a statement while it waits for the lock, and no longer once it has written', async () => {
    other.exec('begin immediate');
    other.exec("insert into note (text) values ('held')");
    const write = sql`insert into note (text) values ('waited')`.execute(database.db);
    await vi.waitFor(() => expect(Atomics.load(counter, 0)).toBe(1));
    other.exec('commit');
    await write;
    expect(Atomics.load(counter, 0)).toBe(0);
    const texts = (await sql<{ text: string }>`select text from note order by id`.execute(database.db)).rows;
    expect(texts.map((r) => r.text)).toEqual(['held', 'waited']);
  });

  it('holds the worker between two slices while a writer waits, and lets it go once the writer wrote', async () => {
    Atomics.add(counter, 0, 1);
    let goneOn = false;
    const between = letWaitingWritersGo(counter, 60_000).then(() => (goneOn = true));
    // The worker is still held while the count says a writer waits.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 5));
    expect(goneOn).toBe(false);
    Atomics.sub(counter, 0, 1);
    await between;
    expect(goneOn).toBe(true);
  });

  it('never holds the worker longer than its limit, however many requests come', async () => {
    Atomics.add(counter, 0, 1);
    try {
      await letWaitingWritersGo(counter, 1);
      expect(Atomics.load(counter, 0)).toBe(1);
    } finally {
      Atomics.sub(counter, 0, 1);
    }
  });
});
