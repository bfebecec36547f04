import type { ImportResult } from './import.js';
import { importMessages } from './messages.js';

// What an import's notice says: zod-free, so that the import worker reads it without loading
// every schema (its result's type comes from import.ts, erased in the build).

/** What an import's notice says: a success when links were added, a plain note when none were. */
export interface ImportOutcome {
  severity: 'success' | 'info';
  /** The headline: the spec's success text, or that nothing new was added. */
  title: string;
  /** Further sentences: skipped links, duplicates merged inside the browser's own bookmarks. */
  details: string[];
}

/**
 * One reading of an import's result for every client (the web app's import page, the extension's
 * options): `file` for an uploaded bookmark file, `browser` for the extension's import of the
 * browser's own bookmarks, which also says how many of its duplicates were merged into one.
 */
export function importOutcome(
  result: Pick<ImportResult, 'total' | 'imported' | 'skippedExisting' | 'duplicatesInFile'>,
  overwrite: boolean,
  source: 'file' | 'browser',
): ImportOutcome {
  const details: string[] = [];
  if (source === 'browser' && result.duplicatesInFile > 0)
    details.push(importMessages.mergedInBrowser(result.duplicatesInFile));
  if (result.imported > 0) {
    if (result.skippedExisting > 0) details.unshift(importMessages.skippedExisting(result.skippedExisting));
    return { severity: 'success', title: importMessages.success(result.imported, overwrite), details };
  }
  const title =
    result.total === 0
      ? importMessages.nothingToImport
      : source === 'browser'
        ? importMessages.nothingNewInBrowser
        : importMessages.nothingNewInFile;
  return { severity: 'info', title, details };
}
