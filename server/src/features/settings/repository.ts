import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The cookie-signing secret: made once and kept in the database so every server process shares it. */
export async function ensureAuthSecret(db: Kysely<Database>, given: string | null): Promise<string> {
  if (given) return given;
  await db
    .insertInto('app_setting')
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', 'auth_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
