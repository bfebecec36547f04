import type { Kysely, Transaction } from 'kysely';
import type { ImportResult } from '@linkhive/shared/domain';
import type { Database, ImportJobTable } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import { bookmarkBulkRepository, type StoredBookmark } from '../bookmarks/bulk-repository.js';
import { newIds, ownerOf, searchWords } from '../bookmarks/row-values.js';
import { moveToTrash, restoreFromTrash } from '../trash/repository.js';
import { trashTimes } from '../trash/service.js';
import { leaseUntil } from './lease.js';
import type { ImportItem } from './link-collector.js';

export interface JobError {
  code: string;
  message: string;
}

type JobChanges = Partial<Pick<ImportJobTable, 'phase' | 'processed' | 'total' | 'locked_until'>>;

/** Rows read and written per statement when an import is taken out (see undo). */
const sliceRows = 1000;

/**
 * The import's job, its slices saved into `bookmark`, and its undoing when it fails. `trashDays`
 * (TRASH_DAYS): how long the bookmarks an overwriting import replaced wait in the trash.
 */
export function importRepository(db: Kysely<Database>, dialect: Dialect, opts: { trashDays: number }) {
  const now = () => new Date().toISOString();
  const bookmarkRows = bookmarkBulkRepository();

  const repo = {
    async createJob(id: string, userId: string, lockedUntil: string): Promise<void> {
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
          locked_until: lockedUntil,
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

    /**
     * Ends running jobs as failed (`ids` null: every lapsed lease), then takes out what they saved:
     * the rows they added go, the rows an overwriting import replaced come back. A job stays in
     * phase 'saving' until that is done, so that a crash in the middle of it is finished later
     * (`undoUnfinished`).
     */
    async failJobs(ids: string[] | null, error: JobError): Promise<number> {
      if (ids && ids.length === 0) return 0;
      const failed = await db.transaction().execute(async (trx) => {
        let running = trx.selectFrom('import_job').select(['id', 'user_id']).where('status', '=', 'running');
        running = ids ? running.where('id', 'in', ids) : running.where('locked_until', '<', now());
        const rows = await running.execute();
        if (!rows.length) return rows;
        await trx
          .updateTable('import_job')
          .set({
            status: 'failed',
            phase: 'saving',
            error: JSON.stringify(error),
            locked_until: null,
            updated_at: now(),
          })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
        return rows;
      });
      for (const job of failed) await undo(job.id, job.user_id);
      return failed.length;
    },

    /** Finishes taking out the failed imports whose undoing a crash cut short. */
    async undoUnfinished(): Promise<number> {
      const jobs = await db
        .selectFrom('import_job')
        .select(['id', 'user_id'])
        .where('status', '=', 'failed')
        .where('phase', '=', 'saving')
        .execute();
      for (const job of jobs) await undo(job.id, job.user_id);
      return jobs.length;
    },

    /**
     * One slice of an import, in its own short transaction: the rows the user has not saved yet
     * (with `overwrite`, the user's rows of the same addresses are replaced: they go to the trash,
     * from where the undo of a failed import takes them back),
     * and the job's progress (`processed`; null while the upload's total is not yet known, when the
     * progress stays as it was). Throws when the job is no longer running (another process ended it).
     */
    async saveSlice(
      job: { id: string; userId: string; overwrite: boolean },
      items: ImportItem[],
      processed: number | null,
    ) {
      return db.transaction().execute(async (trx) => {
        let running = trx.selectFrom('import_job').select('status').where('id', '=', job.id);
        // Postgres: held until the slice commits, so that failJobs cannot end the job half way through it.
        if (dialect === 'postgres') running = running.forUpdate();
        if ((await running.executeTakeFirst())?.status !== 'running')
          throw new Error(`import ${job.id} is no longer running`);
        let overwritten = 0;
        if (job.overwrite) overwritten = await replaceExisting(trx, job, items);
        const owner = await trx
          .selectFrom('owner')
          .select('id')
          .where('user_id', '=', job.userId)
          .executeTakeFirstOrThrow();
        const ids = newIds(items.length);
        const at = now();
        const inserted = await bookmarkRows.insertNew(
          trx,
          items.map((item, i) => ({
            id: ids[i]!,
            owner: owner.id,
            title: item.title,
            link: item.link,
            link_key: item.linkKey,
            domain: item.domain,
            category: item.category,
            favourite: item.favourite ? 1 : 0,
            rss_feed: item.rssFeed,
            ...searchWords(dialect, item),
            created_at: item.createdAt,
            updated_at: at,
            import_id: job.id,
          })),
        );
        await trx
          .updateTable('import_job')
          .set({ ...(processed !== null && { processed }), locked_until: leaseUntil(), updated_at: at })
          .where('id', '=', job.id)
          .execute();
        return { inserted, overwritten };
      });
    },

    /** Domains of the favourites an import added (one address each), for their screenshots. */
    importedFavourites(userId: string, jobId: string) {
      return db
        .selectFrom('bookmark')
        .select(['domain', (eb) => eb.fn.min('link').as('link')])
        .where('owner', '=', ownerOf(userId))
        .where('import_id', '=', jobId)
        .where('favourite', '=', 1)
        .groupBy('domain')
        .execute();
    },

    /** The import is done: its result is stored, and the rows it replaced are let go. */
    async finishJob(id: string, result: ImportResult): Promise<void> {
      const done = await db
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
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (!Number(done.numUpdatedRows)) throw new Error(`import ${id} is no longer running`);
      await db.deleteFrom('import_undo').where('job_id', '=', id).execute();
    },
  };

  /**
   * Moves the user's rows of these addresses to the trash, where the user can restore them, and
   * notes them in import_undo for the undo of the import should it fail; answers how many.
   */
  async function replaceExisting(
    trx: Transaction<Database>,
    job: { id: string; userId: string },
    items: ImportItem[],
  ): Promise<number> {
    const ids = await bookmarkRows.idsByAddress(
      trx,
      job.userId,
      items.map((i) => i.linkKey),
    );
    const moved = await moveToTrash(trx, job.userId, ids, trashTimes(opts.trashDays));
    if (!moved.length) return 0;
    // The rows as they were, for the undo should the trash no longer hold them (emptied meanwhile).
    await trx
      .insertInto('import_undo')
      .values(moved.map((row) => ({ job_id: job.id, bookmark_id: row.id, row: JSON.stringify(row) })))
      .onConflict((oc) => oc.columns(['job_id', 'bookmark_id']).doNothing())
      .execute();
    return moved.length;
  }

  /**
   * Takes a failed import out, a slice per statement so that no one waits on the write lock for
   * long: its rows go, the rows it replaced come back (unless the user saved the address again
   * meanwhile), and the job leaves phase 'saving'.
   */
  async function undo(jobId: string, userId: string): Promise<void> {
    // A slice a statement: the write lock is held for a moment each time, never for the whole import.
    while ((await bookmarkRows.deleteImported(db, userId, jobId, sliceRows)) > 0);
    for (;;) {
      const kept = await db
        .selectFrom('import_undo')
        .select(['bookmark_id', 'row'])
        .where('job_id', '=', jobId)
        .limit(sliceRows)
        .execute();
      if (!kept.length) break;
      await db.transaction().execute(async (trx) => {
        // From the trash, with their readable copies and link checks; a row the trash no longer
        // holds (emptied meanwhile, or set aside before there was a trash) from its copy here.
        const { restored, savedAgain } = await restoreFromTrash(
          trx,
          userId,
          kept.map((k) => k.bookmark_id),
        );
        const fromTrash = new Set([...restored, ...savedAgain.map((b) => b.id)]);
        await bookmarkRows.putBack(
          trx,
          kept.filter((k) => !fromTrash.has(k.bookmark_id)).map((k) => JSON.parse(k.row) as StoredBookmark),
        );
        await trx
          .deleteFrom('import_undo')
          .where('job_id', '=', jobId)
          .where(
            'bookmark_id',
            'in',
            kept.map((k) => k.bookmark_id),
          )
          .execute();
      });
    }
    await db.updateTable('import_job').set({ phase: 'done', updated_at: now() }).where('id', '=', jobId).execute();
  }

  return repo;
}

export type ImportRepository = ReturnType<typeof importRepository>;
