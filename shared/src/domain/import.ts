import { z } from 'zod';

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

export { importOutcome, type ImportOutcome } from './import-outcome.js';
