import type { Kysely } from 'kysely';
import type { ImportResult } from '@linkhive/shared/domain';
import type { Database, ImportJobTable } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import { bookmarkRepository, newId, searchWords } from '../bookmarks/repository.js';
import type { ImportItem } from './link-collector.js';

export interface JobError {
  code: string;
  message: string;
}

type JobChanges = Partial<Pick<ImportJobTable, 'phase' | 'processed' | 'total' | 'locked_until'>>;

/** The import's own tables (the job and its staged rows) and its one move into `bookmark`. */
export function importRepository(db: Kysely<Database>, dialect: Dialect) {
  const now = () => new Date().toISOString();

  return {
    async createJob(id: string, userId: string, leaseUntil: string): Promise<void> {
      const at = now();
      await db
        .insertInto('import_job')
        .values({
          id,
          user_id: userId,
          status: 'running',
          phase: 'reading',
          total: 0,
          processed: 0,
          result: null,
          error: null,
          locked_until: leaseUntil,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },

    async findJob(userId: string, id: string) {
      return db
        .selectFrom('import_job')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async runningJobIds(): Promise<string[]> {
      const rows = await db.selectFrom('import_job').select('id').where('status', '=', 'running').execute();
      return rows.map((r) => r.id);
    },

    async deleteJob(id: string): Promise<void> {
      await db.deleteFrom('import_job').where('id', '=', id).execute();
    },

    async updateJob(id: string, changes: JobChanges): Promise<void> {
      await db
        .updateTable('import_job')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    async finishJob(id: string, result: ImportResult): Promise<void> {
      await db
        .updateTable('import_job')
        .set({
          status: 'done',
          phase: 'done',
          processed: result.total,
          result: JSON.stringify(result),
          locked_until: null,
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Ends running jobs as failed and removes what they staged; `ids` null means every lapsed lease. */
    async failJobs(ids: string[] | null, error: JobError): Promise<number> {
      if (ids && ids.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let running = trx.selectFrom('import_job').select('id').where('status', '=', 'running');
        running = ids ? running.where('id', 'in', ids) : running.where('locked_until', '<', now());
        const failed = (await running.execute()).map((r) => r.id);
        if (!failed.length) return 0;
        await trx.deleteFrom('import_item').where('job_id', 'in', failed).execute();
        await trx
          .updateTable('import_job')
          .set({ status: 'failed', error: JSON.stringify(error), locked_until: null, updated_at: now() })
          .where('id', 'in', failed)
          .execute();
        return failed.length;
      });
    },

    async stage(jobId: string, items: ImportItem[]): Promise<void> {
      await db
        .insertInto('import_item')
        .values(
          items.map((item) => ({
            job_id: jobId,
            id: newId(),
            title: item.title,
            link: item.link,
            link_key: item.linkKey,
            domain: item.domain,
            category: item.category,
            favourite: item.favourite ? 1 : 0,
            rss_feed: item.rssFeed,
            ...searchWords(item),
            created_at: item.createdAt,
          })),
        )
        .execute();
    },

    /**
     * Moves the staged rows into the user's bookmarks in one transaction: all of them or, on any
     * failure, none. Answers the counts and the favourites it added (domain and address), whose
     * screenshots the server then asks for as it does for a favourite saved by hand.
     */
    async commit(userId: string, jobId: string, overwrite: boolean) {
      return db.transaction().execute(async (trx) => {
        // A job ended meanwhile (its lease lapsed and another process ended it) must not land.
        const job = await trx.selectFrom('import_job').select('status').where('id', '=', jobId).executeTakeFirst();
        if (job?.status !== 'running') throw new Error(`import ${jobId} is no longer running`);
        const bookmarks = bookmarkRepository(trx, dialect);
        const counts = await bookmarks.addStagedImport(userId, jobId, overwrite);
        const favourites = await bookmarks.importedFavourites(userId, jobId);
        await trx.deleteFrom('import_item').where('job_id', '=', jobId).execute();
        return { ...counts, favourites };
      });
    },

    async unstage(jobId: string): Promise<void> {
      await db.deleteFrom('import_item').where('job_id', '=', jobId).execute();
    },
  };
}

export type ImportRepository = ReturnType<typeof importRepository>;
