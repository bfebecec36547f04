import type { Kysely } from 'kysely';

/**
 * 'Keep readable copies' (issue 30), an account's setting, on unless the user turns it off: off, the
 * crawler reads none of their pages and their copies are gone.
 */
export function keepCopies() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('profile')
        .addColumn('keep_copies', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('profile').dropColumn('keep_copies').execute();
    },
  };
}
