import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createPostgresDatabase, testDialects } from '../testing/databases.js';
import { openDatabase, type Db } from './index.js';
import { prepared } from './prepared.js';

interface Tables {
  item: { id: string; owner: string; kind: string };
}

describe.each(testDialects)('prepared queries on %s', (dialect) => {
  let database: Db;
  let db: Kysely<Tables>;
  let drop = async () => {};
  beforeAll(async () => {
    const pg = dialect === 'postgres' ? await createPostgresDatabase() : null;
    if (pg) drop = pg.drop;
    database = await openDatabase({ databaseUrl: pg?.url ?? null, dataDir: '', sqliteFile: ':memory:' });
    db = database.db as unknown as Kysely<Tables>;
    await sql`create table item (id text primary key, owner text not null, kind text not null)`.execute(db);
    await db
      .insertInto('item')
      .values([
        { id: 'a', owner: 'ann', kind: 'link' },
        { id: 'b', owner: 'ann', kind: 'note' },
        { id: 'c', owner: 'bob', kind: 'link' },
      ])
      .execute();
  });
  afterAll(async () => {
    await database.destroy();
    await drop();
  });

  it('answers each call with its own arguments, fixed values kept', async () => {
    const links = prepared(db, (owner: string) =>
      db.selectFrom('item').select('id').where('owner', '=', owner).where('kind', '=', 'link').orderBy('id'),
    );
    expect(await links.all('ann')).toEqual([{ id: 'a' }]);
    expect(await links.all('bob')).toEqual([{ id: 'c' }]);
    expect(await links.first('nobody')).toBeUndefined();
  });

  it('puts several arguments in their places, whatever their order in the SQL', async () => {
    const one = prepared(db, (kind: string, owner: string) =>
      db.selectFrom('item').select('id').where('owner', '=', owner).where('kind', '=', kind),
    );
    expect(await one.first('note', 'ann')).toEqual({ id: 'b' });
    expect(await one.first('link', 'bob')).toEqual({ id: 'c' });
  });

  it('refuses an argument that shapes the query instead of being a value', async () => {
    const byColumn = prepared(db, (column: string) =>
      db.selectFrom('item').select('id').where(sql.ref(column), '=', 'ann'),
    );
    await expect(byColumn.all('owner')).rejects.toThrow('argument 0 is not a plain value');
  });
});
