import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const columns = ['id', 'email', 'name', 'emailVerified'] as const;

/** Looks accounts up for the admin pages and for mails to an advert's owner. */
export function userLookupRepository(db: Kysely<Database>) {
  return {
    byId: (id: string) => db.selectFrom('user').select(columns).where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string) =>
      db.selectFrom('user').select(columns).where('email', '=', email.toLowerCase()).executeTakeFirst(),
  };
}

export type UserLookupRepository = ReturnType<typeof userLookupRepository>;
