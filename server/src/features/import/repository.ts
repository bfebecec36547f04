import type { Kysely } from 'kysely';
import type { ImportResult } from '@linkhive/shared/domain';
import type { Database, ImportJobTable } from '../../db/schema.js';
import { newId, searchWords } from '../bookmarks/service.js';
import type { ImportItem } from './link-collector.js';

export interface JobError {
  code: string;
  message: string;
}

type JobChanges = Partial<Pick<ImportJobTable, 'phase' | 'processed' | 'total' | 'locked_until'>>;

/** The import's own tables (the job and its staged rows) and its one move into `bookmark`. */
export function importRepository(db: Kysely<Database>) {
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
     * failure, none. With `overwrite` the user's bookmarks of the same addresses go first.
     */
    async commit(
      userId: string,
      jobId: string,
      overwrite: boolean,
    ): Promise<{ imported: number; overwritten: number }> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        // A job ended meanwhile (its lease lapsed and another process ended it) must not land.
        const job = await trx.selectFrom('import_job').select('status').where('id', '=', jobId).executeTakeFirst();
        if (job?.status !== 'running') throw new Error(`import ${jobId} is no longer running`);
        let overwritten = 0;
        if (overwrite) {
          const deleted = await trx
            .deleteFrom('bookmark')
            .where('user_id', '=', userId)
            .where('link_key', 'in', (eb) =>
              eb.selectFrom('import_item').select('link_key').where('job_id', '=', jobId),
            )
            .executeTakeFirst();
          overwritten = Number(deleted.numDeletedRows);
        }
        const inserted = await trx
          .insertInto('bookmark')
          .columns([
            'id',
            'user_id',
            'title',
            'link',
            'link_key',
            'domain',
            'category',
            'favourite',
            'rss_feed',
            'search_title',
            'search_rest',
            'created_at',
            'updated_at',
          ])
          .expression((eb) =>
            eb
              .selectFrom('import_item as i')
              .select([
                'i.id',
                eb.val(userId).as('user_id'),
                'i.title',
                'i.link',
                'i.link_key',
                'i.domain',
                'i.category',
                'i.favourite',
                'i.rss_feed',
                'i.search_title',
                'i.search_rest',
                'i.created_at',
                eb.val(at).as('updated_at'),
              ])
              .where('i.job_id', '=', jobId)
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('bookmark as b')
                      .select('b.id')
                      .where('b.user_id', '=', userId)
                      .whereRef('b.link_key', '=', 'i.link_key'),
                  ),
                ),
              ),
          )
          .executeTakeFirst();
        await trx.deleteFrom('import_item').where('job_id', '=', jobId).execute();
        return { imported: Number(inserted.numInsertedOrUpdatedRows ?? 0), overwritten };
      });
    },

    async unstage(jobId: string): Promise<void> {
      await db.deleteFrom('import_item').where('job_id', '=', jobId).execute();
    },
  };
}

export type ImportRepository = ReturnType<typeof importRepository>;
