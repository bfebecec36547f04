import pg from 'pg';

/** Where server tests also run on Postgres, each test file in a database of its own. */
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Null when Postgres answers; otherwise why not. A busy machine gets 5 s to connect, and a second try. */
export async function whyPostgresIsSilent(): Promise<string | null> {
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
