import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { searchTokens } from '@linkhive/shared/domain/search';

/** Base-36 digits of an owner's tag: 36^6, over two billion owners. */
const tagWidth = 6;

/**
 * The tag that starts every word of an owner's bookmarks in SQLite's search index. A word is
 * indexed as tag + word ('00000cpasta'), so the index is one per owner in all but name: a query
 * reads only its owner's words and lists, never every user's list of a common word intersected
 * with a list of all the owner's bookmarks, and a prefix merges only its owner's words. The width
 * is fixed, so no owner's tag and word can read as another's.
 */
export function ownerTag(owner: number): string {
  return owner.toString(36).padStart(tagWidth, '0');
}

/** The prefix lengths the index keeps (a tag and two or three letters), for `prefix=` of FTS5. */
export const indexedPrefixes = `${tagWidth + 2} ${tagWidth + 3}`;

/** The words of `parts` as the index holds them for `owner`: the app's search words, each tagged. */
export function indexWords(owner: number, ...parts: (string | null | undefined)[]): string {
  const tag = ownerTag(owner);
  return searchTokens(parts.filter(Boolean).join(' '))
    .map((w) => tag + w)
    .join(' ');
}

/** Hex digits of a workspace group's tag in its links' page words on Postgres. */
const groupTagWidth = 8;

/**
 * Postgres: the tag that starts every page word of a workspace group's links (`group_link.page_vector`,
 * migrations/20261129T0900_group_link_pages): the first hex digits of the MD5 of the group's id, so
 * that the words' GIN index is one per group in all but name, as SQLite's is by the group's rowid.
 * Two groups may share a tag (rarely): a search still keeps only its own group's links, it only
 * reads the other's lists too. `groupPageTagSql` is the same tag made by SQL from a row's group id.
 */
export function groupPageTag(groupId: string): string {
  return createHash('md5').update(groupId).digest('hex').slice(0, groupTagWidth);
}

/** `groupPageTag` of the group id in `column`, as SQL. */
export const groupPageTagSql = (column: RawBuilder<string> | string) =>
  sql<string>`left(md5(${typeof column === 'string' ? sql.ref(column) : column}), ${sql.lit(groupTagWidth)})`;

/**
 * Postgres: a group link's page words (`searchText` of its copy) as its stored vector, each tagged
 * with its group's tag; the words as they are (no parser, no dictionary), as queries ask for them.
 * Words too long for a tsvector's lexeme are left out, as to_tsvector leaves them.
 */
export const groupPageVectorSql = (tag: RawBuilder<string>, words: string) =>
  sql<string>`array_to_tsvector(array(
    select distinct ${tag} || w from unnest(string_to_array(${words}, ' ')) w where octet_length(w) < 2000))`;
