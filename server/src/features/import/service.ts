import type { Kysely } from 'kysely';
import { importMessages, type ImportProgress, type ImportResult, type jsonImportSchema } from '@linkhive/shared/domain';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { newId, searchWords } from '../bookmarks/service.js';
import { createLinkCollector, type ParseResult } from './netscape-parser.js';

const batchSize = 500;

// SQLite answers synchronously, so a loop of awaits never lets another request in; a macrotask
// turn between batches lets progress polls (and everyone else's requests) through.
const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The extension's list of browser bookmarks, read by the same rules as a file. */
export function fromJsonItems(items: z.output<typeof jsonImportSchema>['items'], now = new Date()): ParseResult {
  const links = createLinkCollector(now);
  const folders = new Set<string>();
  for (const item of items) {
    const added = links.add(
      item.url,
      item.title,
      item.folder.at(-1),
      item.addedAt === undefined ? undefined : String(item.addedAt),
    );
    if (added) item.folder.forEach((_, i) => folders.add(item.folder.slice(0, i + 1).join('\u0000')));
  }
  links.result.folders = folders.size;
  return links.result;
}

export interface ImportHooks {
  beforeCommit?: () => Promise<void>;
  /** Called once the bookmarks are in: a large import is when statistics go stale. */
  afterCommit?: () => Promise<void>;
}

export function importService(db: Kysely<Database>, hooks: ImportHooks = {}) {
  async function setProgress(
    jobId: string,
    changes: Partial<{ phase: 'saving' | 'done'; processed: number; status: 'done' | 'failed'; result: string }>,
  ) {
    await db
      .updateTable('import_job')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', jobId)
      .execute();
  }

  return {
    /**
     * Stages the parsed links in small batches (other requests keep flowing), then moves them into
     * the user's bookmarks in one transaction: all of them or, on any failure, none.
     */
    async run(userId: string, jobId: string, parsed: ParseResult, overwrite: boolean): Promise<ImportResult> {
      const now = new Date().toISOString();
      await db
        .insertInto('import_job')
        .values({
          id: jobId,
          user_id: userId,
          status: 'running',
          phase: 'saving',
          total: parsed.items.length,
          processed: 0,
          result: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      try {
        for (let i = 0; i < parsed.items.length; i += batchSize) {
          const batch = parsed.items.slice(i, i + batchSize);
          await db
            .insertInto('import_item')
            .values(
              batch.map((item) => ({
                job_id: jobId,
                id: newId(),
                title: item.title,
                link: item.link,
                link_key: item.linkKey,
                domain: item.domain,
                category: item.category,
                favourite: item.favourite ? 1 : 0,
                rss_feed: item.rssFeed,
                ...searchWords({
                  title: item.title,
                  link: item.link,
                  domain: item.domain,
                  category: item.category,
                }),
                created_at: item.createdAt,
              })),
            )
            .execute();
          await setProgress(jobId, { processed: Math.min(parsed.items.length, i + batchSize) });
          await yieldToOtherRequests();
        }

        const { imported, overwritten } = await db.transaction().execute(async (trx) => {
          let overwritten = 0;
          if (overwrite) {
            const deleted = await trx
              .deleteFrom('bookmark')
              .where('user_id', '=', userId)
              .where('link_key', 'in', (eb) =>
                eb.selectFrom('import_item').select('link_key').where('job_id', '=', jobId),
              )
              .executeTakeFirst();
            overwritten = Number(deleted.numDeletedRows);
          }
          await hooks.beforeCommit?.();
          const inserted = await trx
            .insertInto('bookmark')
            .columns([
              'id',
              'user_id',
              'title',
              'link',
              'link_key',
              'domain',
              'category',
              'favourite',
              'rss_feed',
              'search_title',
              'search_rest',
              'created_at',
              'updated_at',
            ])
            .expression((eb) =>
              eb
                .selectFrom('import_item as i')
                .select([
                  'i.id',
                  eb.val(userId).as('user_id'),
                  'i.title',
                  'i.link',
                  'i.link_key',
                  'i.domain',
                  'i.category',
                  'i.favourite',
                  'i.rss_feed',
                  'i.search_title',
                  'i.search_rest',
                  'i.created_at',
                  eb.val(now).as('updated_at'),
                ])
                .where('i.job_id', '=', jobId)
                .where(({ not, exists, selectFrom }) =>
                  not(
                    exists(
                      selectFrom('bookmark as b')
                        .select('b.id')
                        .where('b.user_id', '=', userId)
                        .whereRef('b.link_key', '=', 'i.link_key'),
                    ),
                  ),
                ),
            )
            .executeTakeFirst();
          return { imported: Number(inserted.numInsertedOrUpdatedRows ?? 0), overwritten };
        });

        await hooks.afterCommit?.();
        const result: ImportResult = {
          jobId,
          total: parsed.items.length,
          imported,
          overwritten,
          skippedExisting: parsed.items.length - imported,
          skippedNotWeb: parsed.skippedNotWeb,
          duplicatesInFile: parsed.duplicatesInFile,
          folders: parsed.folders,
          message: importMessages.success(imported, overwrite),
        };
        await setProgress(jobId, {
          status: 'done',
          phase: 'done',
          processed: parsed.items.length,
          result: JSON.stringify(result),
        });
        return result;
      } catch (e) {
        await setProgress(jobId, { status: 'failed' });
        throw e;
      } finally {
        await db.deleteFrom('import_item').where('job_id', '=', jobId).execute();
      }
    },

    async progress(userId: string, jobId: string): Promise<ImportProgress> {
      const row = await db
        .selectFrom('import_job')
        .selectAll()
        .where('id', '=', jobId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound(importMessages.notFound);
      return {
        jobId,
        status: row.status,
        phase: row.phase,
        total: Number(row.total),
        processed: Number(row.processed),
        result: row.result ? (JSON.parse(row.result) as ImportResult) : null,
      };
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
