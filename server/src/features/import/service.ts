import { importMessages, type ImportProgress, type ImportResult } from '@linkhive/shared/domain';
import { notFound } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import { leaseUntil } from './lease.js';
import { newId } from '../bookmarks/repository.js';
import type { ImportRepository, JobError } from './repository.js';
import type { ImportRunner, ImportSession } from './runner.js';
import type { UploadFormat } from './upload-reader.js';

/** How often lapsed jobs are looked for: those whose process died while another one runs on. */
const sweepEveryMs = 60_000;

/** Imports as the routes see them: a job made by the server, fed by the upload, polled for progress. */
export function importService(deps: { repo: ImportRepository; runner: ImportRunner; log: Logger }) {
  const { repo, runner, log } = deps;
  const interrupted: JobError = { code: 'import_interrupted', message: importMessages.interrupted };

  async function progress(userId: string, jobId: string): Promise<ImportProgress> {
    const row = await repo.findJob(userId, jobId);
    if (!row) throw notFound(importMessages.notFound);
    // A failed import is still being taken out while its phase says 'saving' (repository.failJobs):
    // it reads as running until the library is as it was, so that nobody sees it half undone.
    const undoing = row.status === 'failed' && row.phase === 'saving';
    return {
      jobId,
      status: undoing ? 'running' : row.status,
      phase: row.phase,
      total: Number(row.total),
      processed: Number(row.processed),
      result: row.result ? (JSON.parse(row.result) as ImportResult) : null,
      error: row.error ? (JSON.parse(row.error) as JobError) : null,
    };
  }

  return {
    progress,

    /** A new job fed by `feed`; answers the job once the worker has read the upload, or why it refused it. */
    async start(
      userId: string,
      format: UploadFormat,
      feed: (session: ImportSession) => Promise<{ overwrite: boolean }>,
    ): Promise<ImportProgress> {
      // Short: every row the import saves carries it (bookmark.import_id), 16 characters rather than a UUID's 36.
      const jobId = newId();
      await repo.createJob(jobId, userId, leaseUntil());
      const session = runner.begin(jobId, userId, format);
      // A slow upload must not look like a dead process; the worker renews the lease from here on.
      const renew = setInterval(
        () => void repo.updateJob(jobId, { locked_until: leaseUntil() }).catch(() => {}),
        10_000,
      );
      try {
        const { overwrite } = await feed(session);
        await session.end(overwrite);
      } catch (err) {
        session.abort();
        // A refused upload changes nothing, not even the list of jobs.
        await repo.deleteJob(jobId);
        throw err;
      } finally {
        clearInterval(renew);
      }
      return progress(userId, jobId);
    },

    /**
     * Ends the jobs whose process died (a crash, a kill) and takes out what they saved. On SQLite one
     * server process owns the database, so at start every job still 'running' is such a job; on
     * Postgres other processes may be importing, so only lapsed leases count.
     */
    async recover(dialect: 'sqlite' | 'postgres'): Promise<void> {
      const ended = await repo.failJobs(dialect === 'sqlite' ? await repo.runningJobIds() : null, interrupted);
      if (ended) log.warn({ jobs: ended }, 'imports interrupted by a restart were ended as failed');
      // Failed imports whose rows a crash kept from being taken out.
      const undone = await repo.undoUnfinished();
      if (undone) log.warn({ jobs: undone }, 'finished taking out failed imports');
    },

    /** Looks for lapsed jobs every minute until `stop` is called. */
    sweep(): () => void {
      const timer = setInterval(() => {
        repo.failJobs(null, interrupted).catch((err) => log.error({ err }, 'could not end lapsed imports'));
      }, sweepEveryMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
