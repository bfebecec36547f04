import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A random secret made once and kept in the database under `key`, so that every server process
 * (and machine) shares it; whichever process asks first makes it.
 */
export async function ensureSecretSetting(db: Kysely<Database>, key: string): Promise<string> {
  await db
    .insertInto('app_setting')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** The cookie-signing secret: AUTH_SECRET, or one made once and kept in the database. */
export async function ensureAuthSecret(db: Kysely<Database>, given: string | null): Promise<string> {
  return given || ensureSecretSetting(db, 'auth_secret');
}
