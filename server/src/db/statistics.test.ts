import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './index.js';

// A new database's first start analysed the search index's own tables while they held 2 rows, and
// with those figures every later write to the index got slower as it grew (issue 30's copies).
describe('the query planner’s statistics on SQLite', () => {
  let dir: string;
  let database: Db;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-statistics-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir });
    await sql`create table note (id integer primary key, owner integer, text text)`.execute(database.db);
    await sql`create index note_owner on note (owner)`.execute(database.db);
    await sql`create virtual table note_fts using fts5(text, content='', contentless_delete=1)`.execute(database.db);
    await sql`insert into note (owner, text) values (1, 'a first note'), (1, 'a second note')`.execute(database.db);
    await sql`insert into note_fts (rowid, text) select id, text from note`.execute(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const analysedTables = async () =>
    (await sql<{ tbl: string }>`select distinct tbl from sqlite_stat1 order by tbl`.execute(database.db)).rows.map(
      (r) => r.tbl,
    );

  it('keeps none for a full-text index’s own tables, and keeps the others’', async () => {
    // What a first start's analysis leaves behind: figures for every table, the index's included.
    await sql`analyze`.execute(database.db);
    expect(await analysedTables()).toEqual(expect.arrayContaining(['note', 'note_fts_data', 'note_fts_idx']));

    await database.optimize();

    const tables = await analysedTables();
    expect(tables).toContain('note');
    expect(tables.filter((t) => t.startsWith('note_fts_'))).toEqual([]);
    // The index still answers.
    const found = await sql<{ rowid: number }>`select rowid from note_fts where note_fts match 'second'`.execute(
      database.db,
    );
    expect(found.rows.map((r) => r.rowid)).toEqual([2]);
  });
});
