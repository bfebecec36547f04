import type { Kysely } from 'kysely';
import type { Database, FaviconTable } from '../../db/schema.js';

type Lookup = Pick<FaviconTable, 'status' | 'content_type' | 'file' | 'fetched_at'>;

/** Each domain's icon as last looked up: found (a stored file) or missing, and when. */
export function faviconRepository(db: Kysely<Database>) {
  return {
    find: (domain: string) => db.selectFrom('favicon').selectAll().where('domain', '=', domain).executeTakeFirst(),

    /** A lookup's outcome, replacing the domain's earlier one. */
    async store(domain: string, lookup: Lookup): Promise<void> {
      await db
        .insertInto('favicon')
        .values({ domain, ...lookup })
        .onConflict((oc) => oc.column('domain').doUpdateSet(lookup))
        .execute();
    },
  };
}

export type FaviconRepository = ReturnType<typeof faviconRepository>;
