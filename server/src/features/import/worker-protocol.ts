import { importMessages } from '@linkhive/shared/domain/messages';
import { AppError } from '../../http/app-error.js';
import type { ImportItem } from './link-collector.js';
import type { ReadSummary } from './link-stream.js';
import type { ImportedFavourite } from './pipeline.js';
import type { UploadFormat } from './upload-reader.js';

/** Where the import worker finds the database: the same settings as the server's. */
export interface ImportWorkerData {
  databaseUrl: string | null;
  dataDir: string;
  sqliteFile?: string;
  /** TRASH_DAYS: how long the bookmarks an overwriting import replaced wait in the trash. */
  trashDays: number;
  /** The main thread's writers waiting for SQLite's lock: the worker lets them go between slices. */
  waitingWriters?: Int32Array;
  /** The reading thread's file (reader-thread.ts, built beside the worker's): it parses HTML uploads. */
  readerFile: string;
}

export interface RefusalBody {
  status: number;
  code: string;
  message: string;
  field?: string;
}

/** The import failed for a reason of ours, not the upload's: its text stays in the log. */
export const importFailed = () => new AppError(500, 'import_failed', importMessages.failed);

/** An error on its way to another thread: a refusal keeps the rule's words, anything else is ours. */
export function refusalOf(err: unknown): RefusalBody {
  const e = err instanceof AppError ? err : importFailed();
  return { status: e.status, code: e.code, message: e.message, field: e.field };
}

/** A refusal from another thread, as the error it was there. */
export const fromRefusal = (r: RefusalBody) => new AppError(r.status, r.code, r.message, r.field);

export type ToWorker =
  | { kind: 'begin'; jobId: string; userId: string; format: UploadFormat }
  | { kind: 'chunk'; jobId: string; data: Uint8Array }
  | { kind: 'end'; jobId: string; overwrite: boolean }
  | { kind: 'abort'; jobId: string };

export type FromWorker =
  | { kind: 'ready' }
  /** The upload was read and the import goes on: `total` links to save. */
  | { kind: 'accepted'; jobId: string; total: number }
  | { kind: 'refused'; jobId: string; error: RefusalBody }
  /** Saved (with the favourites it added) or failed: the job row says which; `error` only for the log. */
  | { kind: 'finished'; jobId: string; userId: string; favourites: ImportedFavourite[]; error?: string };

/** From the import thread to its reading thread: an HTML upload's bytes, as they arrive. */
export type ToReader =
  | { kind: 'begin'; jobId: string }
  | { kind: 'chunk'; jobId: string; data: Uint8Array }
  | { kind: 'end'; jobId: string }
  | { kind: 'abort'; jobId: string };

/** From the reading thread: links as it finds them, then what the whole upload held, or why it is refused. */
export type FromReader =
  | { kind: 'links'; jobId: string; items: ImportItem[] }
  | { kind: 'read'; jobId: string; summary: ReadSummary }
  | { kind: 'refused'; jobId: string; error: RefusalBody };
