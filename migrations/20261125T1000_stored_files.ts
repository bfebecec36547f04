import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Stored files (screenshots, profile pictures, advert images) kept in the database, for servers on
 * several machines that share no disk (FILE_STORE=database, the default with DATABASE_URL).
 * The path is the public one, /files/<folder>/<name>.
 */
export function storedFiles(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stored_file')
        .addColumn('path', 'text', (c) => c.primaryKey())
        .addColumn('data', ctx.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stored_file').ifExists().execute();
    },
  };
}
