import { ApiError } from '../domain/apiError.js';
import { importMessages } from '../domain/messages.js';
import type { ImportProgress, ImportResult } from '../domain/index.js';

/**
 * Follows an import job (what POST /api/import answers) until it ends: its result, or an ApiError
 * with the job's own message. A progress request that fails is asked again: the job goes on on
 * the server either way.
 */
export async function followImportJob(
  progress: (jobId: string) => Promise<ImportProgress>,
  job: ImportProgress,
  opts: { pollMs: number; onProgress?: (job: ImportProgress) => void },
): Promise<ImportResult> {
  for (;;) {
    opts.onProgress?.(job);
    if (job.status === 'done' && job.result) return job.result;
    if (job.status !== 'running')
      throw new ApiError(500, job.error?.code ?? 'import_failed', job.error?.message ?? importMessages.failed);
    await new Promise((resolve) => setTimeout(resolve, opts.pollMs));
    const last: ImportProgress = job;
    job = await progress(job.jobId).catch(() => last);
  }
}
