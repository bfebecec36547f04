import { ApiError } from '@linkhive/shared/api';
import { importMessages, type ImportResult } from '@linkhive/shared/domain';
import type { ExtensionApi } from './api';
import type { BookmarkTreeSummary } from './bookmarkTree';

/** How often the options page asks how far the server has got while the import runs. */
export const importPollMs = 300;

export interface ImportProgressReport {
  processed: number;
  total: number;
}

/**
 * Sends the browser's bookmarks through the server's JSON import, then follows the job the server
 * answers until it ends. The server applies the import rules (folder as category, existing links
 * skipped unless `overwrite`) in one transaction.
 */
export async function importBrowserBookmarks(
  api: ExtensionApi,
  summary: BookmarkTreeSummary,
  overwrite: boolean,
  onProgress: (report: ImportProgressReport) => void,
  pollMs = importPollMs,
): Promise<ImportResult> {
  let job = await api.importItems({ overwrite, items: summary.items });
  for (;;) {
    onProgress({ processed: job.processed, total: job.total });
    if (job.status === 'done' && job.result) return job.result;
    if (job.status === 'failed')
      throw new ApiError(500, job.error?.code ?? 'import_failed', job.error?.message ?? importMessages.failed);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    job = await api.importProgress(job.jobId);
  }
}
