import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The one screenshot row per domain. */
export function screenshotRepository(db: Kysely<Database>) {
  const now = () => new Date().toISOString();
  return {
    find(domain: string) {
      return db.selectFrom('screenshot').select(['status', 'file']).where('domain', '=', domain).executeTakeFirst();
    },

    async markPending(domain: string): Promise<void> {
      const at = now();
      await db
        .insertInto('screenshot')
        .values({ domain, status: 'pending', file: null, error: null, updated_at: at })
        .onConflict((oc) => oc.column('domain').doUpdateSet({ status: 'pending', error: null, updated_at: at }))
        .execute();
    },

    async markReady(domain: string, file: string): Promise<void> {
      await db
        .updateTable('screenshot')
        .set({ status: 'ready', file, error: null, updated_at: now() })
        .where('domain', '=', domain)
        .execute();
    },

    async markFailed(domain: string, error: string): Promise<void> {
      await db
        .updateTable('screenshot')
        .set({ status: 'failed', error: error.slice(0, 500), updated_at: now() })
        .where('domain', '=', domain)
        .execute();
    },
  };
}

export type ScreenshotRepository = ReturnType<typeof screenshotRepository>;
