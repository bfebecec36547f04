import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function healthRepository(db: Kysely<Database>) {
  return {
    /** The cheapest statement that needs the database to answer. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
