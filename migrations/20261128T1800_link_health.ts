import type { Kysely } from 'kysely';

/**
 * Link health (issue 30): each bookmark's last check of its address, one row a bookmark, gone
 * with it. No row: never checked. `link` is the address that was checked: a row whose bookmark has
 * moved to another address since says nothing about the new one (read as unchecked). The sweep
 * takes the rows that are due by `next_check_at`.
 */
export function linkHealth() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('link_check')
        .addColumn('bookmark_id', 'text', (c) => c.primaryKey().references('bookmark.id').onDelete('cascade'))
        .addColumn('link', 'text', (c) => c.notNull())
        // The HTTP status of the last check; null when the site gave none.
        .addColumn('status', 'integer')
        // Where the address led, when that is another address than the bookmark's.
        .addColumn('final_url', 'text')
        // Why no status: 'dns', 'tls', 'timeout', 'refused', 'network', 'redirects'.
        .addColumn('error', 'text')
        // 'ok' | 'redirected' | 'failing' | 'broken', or 'unchecked' while no check had a lasting answer.
        .addColumn('health', 'text', (c) => c.notNull())
        // Lasting failures in a row (404/410, DNS, TLS), and when the first of them was.
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_failed_at', 'text')
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .addColumn('next_check_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('link_check_due').on('link_check').column('next_check_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('link_check').ifExists().execute();
    },
  };
}
