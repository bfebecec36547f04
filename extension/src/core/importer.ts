import type { ImportResult } from '@linkhive/shared/domain';
import type { ExtensionApi } from './api';
import type { BookmarkTreeSummary } from './bookmarkTree';

/** How often the options page asks how far the server has got while the import runs. */
export const importPollMs = 300;

export interface ImportProgressReport {
  processed: number;
  total: number;
}

/**
 * Sends the browser's bookmarks through the server's JSON import under an id of our choosing, and
 * asks for that id's progress until the import answers. The server applies the import rules
 * (folder as category, existing links skipped unless `overwrite`) in one transaction.
 */
export async function importBrowserBookmarks(
  api: ExtensionApi,
  summary: BookmarkTreeSummary,
  overwrite: boolean,
  onProgress: (report: ImportProgressReport) => void,
  pollMs = importPollMs,
): Promise<ImportResult> {
  const jobId = crypto.randomUUID();
  let answered = false;
  const polling = (async () => {
    while (!answered) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      if (answered) return;
      try {
        const progress = await api.importProgress(jobId);
        if (!answered) onProgress({ processed: progress.processed, total: progress.total });
      } catch {
        // 404 until the server has registered the job: not started yet, not a failure.
      }
    }
  })();
  try {
    return await api.importItems({ jobId, overwrite, items: summary.items });
  } finally {
    answered = true;
    await polling;
  }
}
