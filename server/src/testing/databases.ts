import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Server tests run on SQLite always, and on Postgres where one answers (CI has one on 127.0.0.1).
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const hasPostgres = await postgresAnswers();
if (!hasPostgres && process.env.CI) {
  throw new Error(`CI must test on Postgres too, but none answers at ${adminUrl} (set TEST_POSTGRES_URL).`);
}

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
