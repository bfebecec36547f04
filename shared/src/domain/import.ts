import { z } from 'zod';

export const importMessages = {
  fileRequired: 'File is required',
  htmlRequired: '.html or .htm file is required',
  invalidSyntax: 'The uploaded file does not have the correct bookmark syntax.',
  invalidTitle: 'Invalid File',
  success: (n: number, overwrite: boolean) =>
    `${n} bookmarks have been ${overwrite ? 'imported and overwritten' : 'imported'} successfully`,
  tooLarge: 'The file is larger than 25 MB',
  notFound: 'This import does not exist',
} as const;

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
        title: z.string().max(2000).default(''),
        url: z.string().max(8000),
        /** Folder names from the top down; the nearest one becomes the category. */
        folder: z.array(z.string().max(500)).max(100).default([]),
        addedAt: z.number().optional(),
      }),
    )
    .max(200_000),
  overwrite: z.boolean().default(false),
  jobId: z.string().uuid().optional(),
});

export type JsonImportInput = z.input<typeof jsonImportSchema>;

export interface ImportResult {
  jobId: string;
  /** Links the file held, after duplicates inside it were collapsed. */
  total: number;
  imported: number;
  overwritten: number;
  skippedExisting: number;
  skippedNotWeb: number;
  duplicatesInFile: number;
  folders: number;
  message: string;
}

export interface ImportProgress {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  phase: 'reading' | 'saving' | 'done';
  total: number;
  processed: number;
  result: ImportResult | null;
}
