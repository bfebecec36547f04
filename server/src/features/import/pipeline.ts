import { importMessages, importOutcome, type ImportResult } from '@linkhive/shared/domain';
import type { ParseResult } from './link-collector.js';
import type { ImportRepository } from './repository.js';

const batchSize = 500;
/** A running job's lease: renewed with each batch and on a timer; past it, its process is gone. */
export const leaseMs = 60_000;
export const leaseUntil = () => new Date(Date.now() + leaseMs).toISOString();

// Between batches the worker gives way, so that another connection waiting for SQLite's write
// lock (a request on the main thread) gets it.
const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

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

/** Saving what was read: staged in small batches, moved into the bookmarks at once, reported. */
export function importPipeline(repo: ImportRepository, hooks: { afterCommit?: () => Promise<void> } = {}) {
  async function stage(job: ImportJob, parsed: ParseResult) {
    const items = parsed.items;
    for (let i = 0; i < items.length; i += batchSize) {
      await repo.stage(job.id, items.slice(i, i + batchSize));
      await repo.updateJob(job.id, { processed: Math.min(items.length, i + batchSize), locked_until: leaseUntil() });
      await giveWay();
    }
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
        await stage(job, parsed);
        const { imported, overwritten, favourites } = await repo.commit(job.userId, job.id, job.overwrite);
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
