import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './index.js';

// A 200,000-link import while another user read and saved left a WAL of 0.5-1 GB: each connection's
// own checkpoint never waits, and with someone always reading, the WAL never started over.
describe('emptying the WAL on SQLite', () => {
  let dir: string;
  let database: Db;
  const walBytes = async () => (await fs.stat(path.join(dir, 'linkhive.db-wal'))).size;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-wal-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir });
    await sql`create table note (id integer primary key, text text)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const write = (n: number) =>
    sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})
      insert into note (text) select printf('note %d of many words to fill pages', i) from n`.execute(database.db);

  it('waits a bounded time for a reader, then empties the file once no one reads', async () => {
    const reader = new SQLite(path.join(dir, 'linkhive.db'));
    try {
      await write(20_000);
      expect(await walBytes()).toBeGreaterThan(500_000);
      // Another connection in the middle of a read, on the pages the WAL holds.
      reader.exec('begin');
      expect(reader.prepare('select count(*) as n from note').get()).toEqual({ n: 20_000 });
      await write(20_000);
      const before = await walBytes();

      expect(database.truncateWal(20)).toBe(false);
      expect(await walBytes()).toBeGreaterThanOrEqual(before);

      reader.exec('commit');
      expect(database.truncateWal(20)).toBe(true);
      expect(await walBytes()).toBe(0);
      // Nothing was lost, and the connection writes as before (it waits for no lock again).
      expect((await sql<{ n: number }>`select count(*) as n from note`.execute(database.db)).rows[0]).toEqual({
        n: 40_000,
      });
      await write(10);
      expect(reader.prepare('select count(*) as n from note').get()).toEqual({ n: 40_010 });
    } finally {
      reader.close();
    }
  });
});
