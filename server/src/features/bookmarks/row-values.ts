import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { searchText } from '@linkhive/shared/domain/search';
import type { Dialect } from '../../db/index.js';

// The values a bookmark's row is written with: apart from the repository's queries (repository.ts),
// so that the import worker writes rows without loading the search's passages and every schema.

export const newId = () => randomBytes(12).toString('base64url');

/** `n` ids from one call for random bytes: an import's slice makes hundreds at once. */
export function newIds(n: number): string[] {
  const bytes = randomBytes(12 * n);
  return Array.from({ length: n }, (_, i) => bytes.toString('base64url', 12 * i, 12 * i + 12));
}

/**
 * The search words a bookmark's row keeps: its title's, which search ranks matches by; on Postgres
 * also its address's, domain's and category's, from which the stored search vector is made.
 * SQLite's search index makes those itself (its triggers call the same function).
 */
export function searchWords(
  dialect: Dialect,
  b: { title: string; link: string; domain: string; category: string },
): { search_title: string; search_rest?: string } {
  const search_title = searchText(b.title);
  return dialect === 'postgres'
    ? { search_title, search_rest: searchText(b.link, b.domain, b.category) }
    : { search_title };
}

/**
 * The number by which bookmarks name their owner, from the owner's user id: a subquery, which both
 * databases run once per statement and use with the owner's indexes as they would a value.
 */
export const ownerOf = (userId: string) => sql<number>`(select id from owner where user_id = ${userId})`;
