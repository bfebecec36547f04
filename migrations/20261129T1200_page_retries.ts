import { sql, type Kysely } from 'kysely';

/**
 * A page whose site failed (a timeout, a 5xx, a robots.txt that cannot be read) is read again
 * later instead of never (issue 30): `read_state` 'later' until `read_at`, then back in the
 * crawler's turns; `read_failures` counts the crawler's failed turns, so that the waits grow (an
 * hour, six, a day) and a fourth failure gives the page up ('none'). A partial index holds only the
 * pages waiting, by when they are due: the crawler looks them up on every round.
 *
 * Rows saved before keep their state: a page given up before (it was 'none' after one failed turn)
 * stays so, as nothing says whether its site failed or it simply had no article.
 */
export function pageRetries() {
  return {
    async up(db: Kysely<any>) {
      for (const table of ['bookmark', 'group_link']) {
        await db.schema.alterTable(table).addColumn('read_failures', 'integer').execute();
        await sql`create index ${sql.raw(`${table}_read_later`)} on ${sql.table(table)} (read_at)
          where read_state = 'later'`.execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const table of ['bookmark', 'group_link']) {
        await sql`drop index if exists ${sql.raw(`${table}_read_later`)}`.execute(db);
        await db.schema.alterTable(table).dropColumn('read_failures').execute();
      }
    },
  };
}
