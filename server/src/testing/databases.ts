import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { postgresAdminUrl as adminUrl } from './postgres-check.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database of this Vitest project: server tests run once on each (vitest.config.ts). */
    testDialect: TestDialect;
    /** A SQLite file migrated once for the run (setup-server.ts). */
    sqliteTemplate: string;
    /** A Postgres database migrated once for the run, copied for each test file (setup-server.ts). */
    postgresTemplate: string;
  }
}

export type TestDialect = 'sqlite' | 'postgres';

const dialect = inject('testDialect');
if (dialect === undefined)
  throw new Error('Run the server tests in a server project of vitest.config.ts, which names their database.');

/**
 * The databases this file's server tests run on: the project's one. The server suite runs as two
 * Vitest projects, on SQLite and on Postgres (vitest.config.ts), which CI requires to answer.
 */
export const testDialects: TestDialect[] = [dialect];

/**
 * For the blocks of a both-databases file that need one run only (SQLite's own behaviour, or no
 * database at all): they run in the SQLite project and define nothing in the Postgres one.
 */
export const sqliteOnly: TestDialect[] = dialect === 'sqlite' ? ['sqlite'] : [];

/** For the blocks that test Postgres's own behaviour (row locks seen from another session). */
export const postgresOnly: TestDialect[] = dialect === 'postgres' ? ['postgres'] : [];

/** A database of its own for one test file, a copy of the run's migrated template; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `linkhive_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A test database is thrown away after the file: no commit needs to wait for the disk.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Puts the run's migrated SQLite file where a server on `dataDir` opens its database, unless one is
 * there already (a test that restarts or restores on its own folder).
 */
export async function sqliteFromTemplate(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'linkhive.db');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.copyFile(inject('sqliteTemplate'), file, fs.constants.COPYFILE_EXCL).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
}
