import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { publicPathOf, type FileStore } from './index.js';

/**
 * Stored files in the database's stored_file table, so that server processes on several machines,
 * which share the database and no disk, all serve every file. The files are small (screenshots,
 * pictures and icons of at most a few MB), well within what Postgres keeps in a bytea.
 */
export function databaseFileStore(db: Kysely<Database>): FileStore {
  return {
    root: null,
    async put(folder, name, data) {
      const path = publicPathOf(folder, name);
      const row = { path, data: Buffer.from(data), size: data.byteLength, created_at: new Date().toISOString() };
      await db
        .insertInto('stored_file')
        .values(row)
        .onConflict((oc) =>
          oc.column('path').doUpdateSet({
            data: (eb) => eb.ref('excluded.data'),
            size: (eb) => eb.ref('excluded.size'),
            created_at: (eb) => eb.ref('excluded.created_at'),
          }),
        )
        .execute();
      return path;
    },
    async read(publicPath) {
      const row = await db.selectFrom('stored_file').select('data').where('path', '=', publicPath).executeTakeFirst();
      return row ? Buffer.from(row.data) : null;
    },
    async remove(publicPath) {
      if (publicPath) await db.deleteFrom('stored_file').where('path', '=', publicPath).execute();
    },
  };
}
