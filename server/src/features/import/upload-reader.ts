import { StringDecoder } from 'node:string_decoder';
import type { z } from 'zod';
import type { jsonImportSchema } from '@linkhive/shared/domain';
import { httpMessages, importMessages } from '@linkhive/shared/domain/messages';
import { AppError, badRequest } from '../../http/app-error.js';
import { parse } from '../../http/validate.js';
import { createLinkCollector, type ImportItem, type ParseResult } from './link-collector.js';
import { createNetscapeParser, hasNetscapeMarker } from './netscape-parser.js';

export type UploadFormat = 'html' | 'json';

export interface UploadReader {
  write(bytes: Uint8Array): void;
  /** HTML: the links read so far and not yet taken, once there are at least `min` (none before). */
  take?(min: number): ImportItem[];
  /** The links read, or an AppError saying why the upload is refused. */
  end(): Promise<ParseResult>;
  /** The `overwrite` choice, where the upload itself carries it (JSON). */
  overwrite?: boolean;
}

const invalidFile = () => badRequest(importMessages.invalidSyntax, 'file', 'invalid_file');

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

/**
 * A Netscape export as it streams in: decoded chunk by chunk into the parser, so a 25 MB file is
 * never held as several copies. The marker is checked on the first 1 KB; after a refusal the rest
 * is read past.
 */
function htmlReader(): UploadReader {
  const decoder = new StringDecoder('utf8');
  const parser = createNetscapeParser();
  let head = '';
  let checked = false;
  let bytes = 0;
  let refused: AppError | null = null;

  function take(text: string, final: boolean) {
    if (refused) return;
    if (checked) return parser.write(text);
    head += text;
    if (head.length < 1024 && !final) return;
    checked = true;
    if (!hasNetscapeMarker(head)) refused = invalidFile();
    else parser.write(head.replace(/^\uFEFF/, ''));
    head = '';
  }

  return {
    write(chunk) {
      bytes += chunk.length;
      take(decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)), false);
    },
    take: (min) => (refused ? [] : parser.take(min)),
    async end() {
      if (bytes === 0) throw badRequest(importMessages.fileRequired, 'file');
      take(decoder.end(), true);
      if (refused) throw refused;
      return parser.end();
    },
  };
}

/** The extension's JSON body, parsed and checked here rather than on the request thread. */
function jsonReader(): UploadReader {
  const chunks: Buffer[] = [];
  const reader: UploadReader = {
    write: (chunk) => void chunks.push(Buffer.from(chunk)),
    async end() {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        throw new AppError(400, 'malformed_json', httpMessages.malformedJson);
      }
      // The schemas load only for this upload: the import thread starts without them (an HTML
      // file, the usual upload, needs none), which took 70-100 ms and 6 MB from every first import.
      const { jsonImportSchema } = await import('@linkhive/shared/domain/import');
      const input = parse(jsonImportSchema, body);
      reader.overwrite = input.overwrite;
      return fromJsonItems(input.items);
    },
  };
  return reader;
}

export const createUploadReader = (format: UploadFormat): UploadReader =>
  format === 'json' ? jsonReader() : htmlReader();
