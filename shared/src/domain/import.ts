import { z } from 'zod';
import { importMessages } from './messages.js';

export const importMaxBytes = 25 * 1024 * 1024;
/** The import page goes to /categories this long after the success notice. */
export const importRedirectMs = 1000;

/** '.html or .htm', by name: browsers give exports no reliable MIME type. */
export const isHtmlFileName = (name: string) => /\.html?$/i.test(name.trim());

/** The extension's import: items read from the browser's bookmarks API. */
export const jsonImportSchema = z.object({
  items: z
    .array(
      z.object({
        // Not refused past limits.importedTitleMax: one long title must not fail a whole import; the
        // server keeps the first 1,000 characters (importedTitle), as it does for a file.
        title: z
          .string()
          .max(64 * 1024)
          .default(''),
        // Longer addresses are skipped by the import's rules (limits.addressMax), not refused here.
        url: z.string().max(64 * 1024),
        /** Folder names from the top down; the nearest one becomes the category. */
        folder: z.array(z.string().max(500)).max(100).default([]),
        addedAt: z.number().optional(),
      }),
    )
    .max(200_000),
  overwrite: z.boolean().default(false),
});

export type JsonImportInput = z.input<typeof jsonImportSchema>;

const count = z.number().int().nonnegative();

export const importResultSchema = z.object({
  jobId: z.string(),
  /** Links the file held, after duplicates inside it were collapsed. */
  total: count,
  imported: count,
  overwritten: count,
  skippedExisting: count,
  skippedNotWeb: count,
  /** Addresses longer than limits.addressMax: no site would open them, so they are left out. */
  skippedTooLong: count,
  duplicatesInFile: count,
  folders: count,
  message: z.string(),
});
export type ImportResult = z.output<typeof importResultSchema>;

/**
 * What POST /api/import answers (202) and GET /api/import/:jobId then reports: the server makes
 * the job id; `result` once done, `error` once failed.
 */
export const importProgressSchema = z.object({
  jobId: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['reading', 'saving', 'done']),
  total: count,
  processed: count,
  result: importResultSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ImportProgress = z.output<typeof importProgressSchema>;

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
