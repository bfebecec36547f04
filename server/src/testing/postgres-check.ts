import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAnswers: boolean;
  }
}

/** Where server tests also run on Postgres, each test file in a database of its own. */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Null when Postgres answers; otherwise why not. A busy machine gets 5 s to connect, and a second try. */
async function whyPostgresIsSilent(): Promise<string | null> {
  let reason = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (err) {
      reason = err instanceof Error ? err.message || err.name : String(err);
    } finally {
      await client.end().catch(() => {});
    }
  }
  return reason;
}

/**
 * Vitest global setup: asks once per run whether Postgres answers, and tells every test file
 * (see databases.ts). On CI (CI set) a silent Postgres fails the run before any test; elsewhere the
 * server tests run on SQLite only and the run ends by saying so.
 */
export default async function setup(project: TestProject) {
  const silent = await whyPostgresIsSilent();
  if (silent !== null && process.env.CI)
    throw new Error(
      `CI must run the server tests on Postgres too, but none answers at ${postgresAdminUrl} (${silent}). ` +
        'Start one or set TEST_POSTGRES_URL.',
    );
  project.provide('postgresAnswers', silent === null);
  if (silent === null) return;
  return () => {
    console.warn(
      `\n⚠ Postgres was not tested: no Postgres answered at ${postgresAdminUrl} (${silent}).\n` +
        '  The server tests ran on SQLite only. Start Postgres or set TEST_POSTGRES_URL to test both.\n',
    );
  };
}
