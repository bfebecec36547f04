import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from './index.js';
import { letWaitingWritersGo, nextSliceRows, waitingFor, waitingWriters } from './write-turns.js';

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

  it('tells the worker a writer waited during its slice, even one that got the lock before it looked', async () => {
    const fresh = waitingWriters();
    expect(await letWaitingWritersGo(fresh)).toBe(false);
    await waitingFor(fresh, async () => {});
    expect(Atomics.load(fresh, 0)).toBe(0);
    expect(await letWaitingWritersGo(fresh)).toBe(true);
    // Told once: the next slice starts with no one having waited.
    expect(await letWaitingWritersGo(fresh)).toBe(false);
  });
});

describe('the rows of an import’s next slice', () => {
  it('grow back to 2,000 while no one waits to write', () => {
    expect(nextSliceRows(2000, 500, false)).toBe(2000);
    expect(nextSliceRows(400, 40, false)).toBe(800);
    expect(nextSliceRows(1500, 40, false)).toBe(2000);
  });

  it('fit in about 40 ms while others wait, between 200 and 2,000 rows, at most twice the last', () => {
    expect(nextSliceRows(2000, 200, true)).toBe(400);
    expect(nextSliceRows(2000, 20, true)).toBe(2000);
    expect(nextSliceRows(400, 10, true)).toBe(800);
    expect(nextSliceRows(2000, 5000, true)).toBe(200);
    expect(nextSliceRows(200, 0, true)).toBe(400);
  });
});
