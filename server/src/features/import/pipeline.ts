import type { ImportResult } from '@linkhive/shared/domain';
import { importOutcome } from '@linkhive/shared/domain/import-outcome';
import { importMessages } from '@linkhive/shared/domain/messages';
import type { ParseResult } from './link-collector.js';
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
 * Saving what was read: a slice at a time straight into the bookmarks, then reported. Rows show as
 * their slice commits; if the import fails or its process dies, it is taken out again (the rows it
 * added removed, the ones it replaced put back: repository.failJobs).
 */
export function importPipeline(
  repo: ImportRepository,
  hooks: {
    afterCommit?: () => Promise<void>;
    /** The main thread's writers waiting for SQLite's lock: let go first between slices. */
    waitingWriters?: Int32Array;
    /** Milliseconds, for how long a slice took (tests set it). */
    clock?: () => number;
  } = {},
) {
  const clock = hooks.clock ?? (() => performance.now());

  async function save(job: ImportJob, parsed: ParseResult) {
    const items = parsed.items;
    let imported = 0;
    let overwritten = 0;
    let rows = sliceRows.max;
    for (let i = 0; i < items.length;) {
      const slice = items.slice(i, i + rows);
      i += slice.length;
      const started = clock();
      const saved = await repo.saveSlice(job, slice, i);
      const tookMs = clock() - started;
      imported += saved.inserted;
      overwritten += saved.overwritten;
      rows = nextSliceRows(rows, tookMs, await letWaitingWritersGo(hooks.waitingWriters));
    }
    return { imported, overwritten };
  }

  function report(job: ImportJob, parsed: ParseResult, imported: number, overwritten: number): ImportResult {
    const counts = {
      total: parsed.items.length,
      imported,
      skippedExisting: parsed.items.length - imported,
      duplicatesInFile: parsed.duplicatesInFile,
    };
    return {
      jobId: job.id,
      total: parsed.items.length,
      imported,
      overwritten,
      skippedExisting: parsed.items.length - imported,
      skippedNotWeb: parsed.skippedNotWeb,
      skippedTooLong: parsed.skippedTooLong,
      duplicatesInFile: parsed.duplicatesInFile,
      folders: parsed.folders,
      // The spec's success text, or that nothing new was added: what the clients show (importOutcome).
      message: importOutcome(counts, job.overwrite, job.source ?? 'file').title,
    };
  }

  return {
    /** The upload is read: the job shows how many links it will save. */
    async accept(job: ImportJob, parsed: ParseResult): Promise<void> {
      await repo.updateJob(job.id, { phase: 'saving', total: parsed.items.length, locked_until: leaseUntil() });
    },

    async run(job: ImportJob, parsed: ParseResult): Promise<{ result: ImportResult; favourites: ImportedFavourite[] }> {
      const renew = setInterval(
        () => void repo.updateJob(job.id, { locked_until: leaseUntil() }).catch(() => {}),
        leaseMs / 6,
      );
      try {
        const { imported, overwritten } = await save(job, parsed);
        const favourites = await repo.importedFavourites(job.userId, job.id);
        const result = report(job, parsed, imported, overwritten);
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
