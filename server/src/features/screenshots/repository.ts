import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The one screenshot row per domain. */
export function screenshotRepository(db: Kysely<Database>) {
  const now = () => new Date().toISOString();
  return {
    find(domain: string) {
      return db.selectFrom('screenshot').select(['status', 'file']).where('domain', '=', domain).executeTakeFirst();
    },

    /** The rows of these domains, in a few statements (an import's thousands of favourites). */
    async findMany(domains: string[]): Promise<Map<string, { status: string }>> {
      const found = new Map<string, { status: string }>();
      for (let from = 0; from < domains.length; from += 500) {
        const rows = await db
          .selectFrom('screenshot')
          .select(['domain', 'status'])
          .where('domain', 'in', domains.slice(from, from + 500))
          .execute();
        for (const r of rows) found.set(r.domain, { status: r.status });
      }
      return found;
    },

    async markPendingMany(domains: string[]): Promise<void> {
      const at = now();
      for (let from = 0; from < domains.length; from += 500) {
        await db
          .insertInto('screenshot')
          .values(
            domains
              .slice(from, from + 500)
              .map((domain) => ({ domain, status: 'pending' as const, file: null, error: null, updated_at: at })),
          )
          .onConflict((oc) => oc.column('domain').doUpdateSet({ status: 'pending', error: null, updated_at: at }))
          .execute();
      }
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
