import { sql, type Kysely } from 'kysely';

/**
 * Personal API tokens (issue 32): a named token per script or app, kept as its SHA-256 hash only
 * (the token is 256 random bits, so a fast hash is enough, and a leaked database hands out no
 * access). `read_only` 1 lets it read and nothing else. `last_used_at` is written at most once a
 * minute. An account that goes takes its tokens with it.
 */
export function apiTokens() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('api_token')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await sql`create index api_token_user on api_token (user_id, created_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('api_token').ifExists().execute();
    },
  };
}
