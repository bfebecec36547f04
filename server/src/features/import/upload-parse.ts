import { randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import type { Request } from 'express';
import busboy from 'busboy';
import { importMaxBytes, importMessages, isHtmlFileName } from '@linkhive/shared/domain';
import { AppError, badRequest } from '../../http/errors.js';
import { createNetscapeParser, hasNetscapeMarker, type ParseResult } from './netscape-parser.js';

export interface ParsedUpload {
  parsed: ParseResult;
  overwrite: boolean;
  jobId: string;
}

const truthy = (v: string | undefined) => v === 'true' || v === 'on' || v === '1';

/**
 * Parses the uploaded file while it streams in: the text goes chunk by chunk into the parser, so
 * a 25 MB export is never held as several copies. The marker is checked on the first 1 KB.
 */
export function parseUploadedExport(req: Request): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) return reject(badRequest(importMessages.fileRequired, 'file'));
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: importMaxBytes, fields: 10 } });
    } catch {
      return reject(badRequest(importMessages.fileRequired, 'file'));
    }
    const fields: Record<string, string> = {};
    let parsed: ParseResult | null = null;
    let failure: AppError | null = null;

    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (name, stream, info) => {
      if (name !== 'file' || failure) return void stream.resume();
      if (!isHtmlFileName(info.filename ?? '')) {
        failure = new AppError(415, 'html_required', importMessages.htmlRequired, 'file');
        return void stream.resume();
      }
      const decoder = new StringDecoder('utf8');
      const parser = createNetscapeParser();
      let head = '';
      let checked = false;
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        if (failure) return;
        bytes += chunk.length;
        const text = decoder.write(chunk);
        if (!checked) {
          head += text;
          if (head.length < 1024) return;
          checked = true;
          if (!hasNetscapeMarker(head)) {
            failure = badRequest(importMessages.invalidSyntax, 'file', 'invalid_file');
            return;
          }
          parser.write(head.replace(/^\uFEFF/, ''));
          return;
        }
        parser.write(text);
      });
      stream.on('limit', () => (failure = new AppError(413, 'too_large', importMessages.tooLarge, 'file')));
      stream.on('end', () => {
        if (failure) return;
        if (bytes === 0) {
          failure = badRequest(importMessages.fileRequired, 'file');
          return;
        }
        const rest = decoder.end();
        if (!checked) {
          head += rest;
          if (!hasNetscapeMarker(head)) {
            failure = badRequest(importMessages.invalidSyntax, 'file', 'invalid_file');
            return;
          }
          parser.write(head.replace(/^\uFEFF/, ''));
        } else parser.write(rest);
        parsed = parser.end();
      });
    });
    bb.on('error', () => reject(badRequest(importMessages.fileRequired, 'file')));
    bb.on('close', () => {
      if (failure) return reject(failure);
      if (!parsed) return reject(badRequest(importMessages.fileRequired, 'file'));
      const jobId = /^[0-9a-f-]{36}$/i.test(fields.jobId ?? '') ? fields.jobId! : randomUUID();
      resolve({ parsed, overwrite: truthy(fields.overwrite), jobId });
    });
    req.pipe(bb);
  });
}
