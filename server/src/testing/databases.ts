import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { postgresAdminUrl as adminUrl } from './postgres-check.js';

// Server tests run on SQLite always, and on Postgres where one answers (CI must have one): the
// global setup postgres-check.ts asks once per run, fails a CI run without Postgres and warns elsewhere.
const hasPostgres = inject('postgresAnswers');
if (hasPostgres === undefined)
  throw new Error('Run the server tests with vitest.config.ts, whose global setup checks for Postgres.');

export type TestDialect = 'sqlite' | 'postgres';
export const testDialects: TestDialect[] = hasPostgres ? ['sqlite', 'postgres'] : ['sqlite'];

/** A database of its own for one test file, dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `linkhive_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
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
