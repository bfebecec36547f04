import { followImportJob } from '@linkhive/shared/api';
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
  const job = await api.importItems({ overwrite, items: summary.items });
  return followImportJob(api.importProgress, job, {
    pollMs,
    onProgress: ({ processed, total }) => onProgress({ processed, total }),
  });
}
