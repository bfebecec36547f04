import type { ImportResult } from '@linkhive/shared/domain';
import { importOutcome } from '@linkhive/shared/domain/import-outcome';
import { importMessages } from '@linkhive/shared/domain/messages';
import type { LinkStream } from './link-stream.js';
import type { ImportRepository } from './repository.js';

import { leaseMs, leaseUntil } from './lease.js';
import { letWaitingWritersGo, nextSliceRows, sliceRows } from '../../db/write-turns.js';

/**
 * Rows per slice (`sliceRows`): each slice is one short transaction, so another user's save waits
 * at most for one slice, never for the seconds a whole import takes. Slices are as large as they
 * can be (2,000 rows, about 60 ms of work on a 2-core machine) and shrink while others wait to write.
 * 2,000 rows of 15 columns are 30,000 bound parameters, under SQLite's 32,766 per statement.
 */
export interface ImportedFavourite {
  domain: string;
  link: string;
}

export interface ImportJob {
  id: string;
  userId: string;
  overwrite: boolean;
  /** 'browser' for the extension's JSON of the browser's bookmarks; a file otherwise. */
  source?: 'file' | 'browser';
}

/**
 * Saving what is read: a slice at a time straight into the bookmarks while the rest of the upload
 * is still being parsed (link-stream.ts), then reported. Rows show as their slice commits; if the
 * import fails or its process dies, it is taken out again (the rows it added removed, the ones it
 * replaced put back: repository.failJobs).
 */
export function importPipeline(
  repo: ImportRepository,
  hooks: {
    afterCommit?: () => Promise<void>;
    /** After each slice's commit, before the next slice begins. */
    afterSlice?: () => void;
    /** The main thread's writers waiting for SQLite's lock: let go first between slices. */
    waitingWriters?: Int32Array;
    /** Milliseconds, for how long a slice took (tests set it). */
    clock?: () => number;
  } = {},
) {
  const clock = hooks.clock ?? (() => performance.now());

  /**
   * Saves the links as the reading finds them, a slice at a time. Once the reading is over the job
   * is accepted (`accept`: it now shows how many links it saves); slices saved before that leave its
   * progress as it was, so that the progress never counts links of a total not yet known.
   */
  async function save(job: ImportJob, links: LinkStream, accept: (total: number, processed: number) => Promise<void>) {
    let imported = 0;
    let overwritten = 0;
    let processed = 0;
    let accepted = false;
    let rows = sliceRows.max;
    for (;;) {
      const slice = await links.next(rows);
      if (!accepted && links.read) {
        await accept(links.total, processed);
        accepted = true;
      }
      if (!slice.length) break;
      processed += slice.length;
      const started = clock();
      const saved = await repo.saveSlice(job, slice, accepted ? processed : null);
      const tookMs = clock() - started;
      imported += saved.inserted;
      overwritten += saved.overwritten;
      hooks.afterSlice?.();
      rows = nextSliceRows(rows, tookMs, await letWaitingWritersGo(hooks.waitingWriters));
    }
    return { imported, overwritten };
  }

  function report(job: ImportJob, links: LinkStream, imported: number, overwritten: number): ImportResult {
    const read = links.summary;
    const total = links.total;
    const counts = {
      total,
      imported,
      skippedExisting: total - imported,
      duplicatesInFile: read.duplicatesInFile,
    };
    return {
      jobId: job.id,
      total,
      imported,
      overwritten,
      skippedExisting: total - imported,
      skippedNotWeb: read.skippedNotWeb,
      skippedTooLong: read.skippedTooLong,
      duplicatesInFile: read.duplicatesInFile,
      folders: read.folders,
      // The spec's success text, or that nothing new was added: what the clients show (importOutcome).
      message: importOutcome(counts, job.overwrite, job.source ?? 'file').title,
    };
  }

  return {
    /**
     * Saves the upload's links as they are read (`links`), and answers what was saved. `accepted`
     * is called once the whole upload is read, with how many links it holds: the job shows that
     * number from then on.
     */
    async run(
      job: ImportJob,
      links: LinkStream,
      accepted: (total: number) => void = () => {},
    ): Promise<{ result: ImportResult; favourites: ImportedFavourite[] }> {
      const renew = setInterval(
        () => void repo.updateJob(job.id, { locked_until: leaseUntil() }).catch(() => {}),
        leaseMs / 6,
      );
      const accept = async (total: number, processed: number) => {
        await repo.updateJob(job.id, { phase: 'saving', total, processed, locked_until: leaseUntil() });
        accepted(total);
      };
      try {
        const { imported, overwritten } = await save(job, links, accept);
        const favourites = await repo.importedFavourites(job.userId, job.id);
        const result = report(job, links, imported, overwritten);
        await repo.finishJob(job.id, result);
        // A large import is when the planner's statistics go stale.
        await hooks.afterCommit?.().catch(() => {});
        return { result, favourites };
      } catch (err) {
        await repo.failJobs([job.id], { code: 'import_failed', message: importMessages.failed });
        throw err;
      } finally {
        clearInterval(renew);
      }
    },
  };
}
