import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/index.js';
import { postgresAdminUrl } from './postgres-check.js';

/** An empty database of the dialect, for a migration's own test: no template, nothing migrated. */
export async function emptyDatabase(dialect: 'sqlite' | 'postgres') {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-migration-'));
  if (dialect === 'sqlite') {
    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    return { database, close: async () => (await database.destroy(), fs.rm(dir, { recursive: true, force: true })) };
  }
  const name = `linkhive_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir });
  return {
    database,
    close: async () => {
      await database.destroy();
      const c = new pg.Client({ connectionString: postgresAdminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
