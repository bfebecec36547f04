import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Letters to JavaScript (New Tai Lue vowel signs, two Vedic signs) that SQLite's unicode61 still
 * reads as marks and splits words at. Made token characters, every word the app makes is one word
 * of the index, so a query term is never a phrase (detail=column cannot answer phrases). Letters
 * newer than SQLite's tables are already token characters; checked against every code point.
 */
const tokenChars = String.fromCodePoint(
  ...Array.from({ length: 0x19c0 - 0x19b0 + 1 }, (_, i) => 0x19b0 + i),
  0x19c8,
  0x19c9,
  0x1cf2,
  0x1cf3,
);

/** The tokenizer of the index; its test checks it against every letter and digit. */
export const searchTokenizer = `unicode61 tokenchars '${tokenChars}'`;

const before = `owner, search_title, search_rest, content='', contentless_delete=1, prefix='2 3'`;
const after = `${before}, detail=column, tokenize="${searchTokenizer}"`;

async function rebuild(db: Kysely<any>, columns: string) {
  // One transaction (the migrator's, or one of its own when called alone): the triggers on bookmark
  // name this table, so a failure between the drop and the refill must leave the old index, not none.
  const inOne = <T>(run: (trx: Kysely<any>) => Promise<T>) =>
    db.isTransaction ? run(db) : db.transaction().execute(run);
  await inOne(async (trx) => {
    await sql`drop table bookmark_fts`.execute(trx);
    await sql`create virtual table bookmark_fts using fts5(${sql.raw(columns)})`.execute(trx);
    await sql`insert into bookmark_fts(rowid, owner, search_title, search_rest)
      select rowid, 'o' || lower(hex(user_id)), search_title, search_rest from bookmark`.execute(trx);
  });
}

/**
 * The SQLite search index without word positions (detail=column): the queries ask for words and
 * prefixes by column, never for phrases, so positions cost 8 of the index's 20 MB per 100,000
 * bookmarks and bought no speed. The two- and three-letter prefix indexes stay (7 of the 12 MB
 * left): a typed 'pr' or 'pro' takes about 2 ms with them and 5-8 ms without.
 * Postgres is unchanged: its GIN index holds no positions, and its stored tsvector needs them,
 * because its parser splits words the app keeps whole (at 14,701 letters and digits such as U+09F4)
 * and to_tsquery then asks for a phrase.
 */
export function searchIndex({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await rebuild(db, after);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') await rebuild(db, before);
    },
  };
}
