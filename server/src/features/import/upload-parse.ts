import type { Request } from 'express';
import busboy from 'busboy';
import { importMaxBytes, importMessages, isHtmlFileName } from '@linkhive/shared/domain';
import { AppError, badRequest } from '../../http/errors.js';
import type { ImportSession } from './runner.js';

const truthy = (v: string | undefined) => v === 'true' || v === 'on' || v === '1';

/**
 * Streams the multipart field `file` into the import worker as it arrives: the request thread
 * only splits the form, it never decodes or parses the export. Answers the form's `overwrite`.
 */
export function streamUploadedExport(req: Request, session: ImportSession): Promise<{ overwrite: boolean }> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) return reject(badRequest(importMessages.fileRequired, 'file'));
    let bb: busboy.Busboy;
    try {
      // busboy reports its limit when a file reaches it: one byte more, so that exactly 25 MB passes.
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: importMaxBytes + 1, fields: 10 } });
    } catch {
      return reject(badRequest(importMessages.fileRequired, 'file'));
    }
    const fields: Record<string, string> = {};
    let received = false;
    let failure: AppError | null = null;

    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (name, stream, info) => {
      if (name !== 'file' || failure) return void stream.resume();
      if (!isHtmlFileName(info.filename ?? '')) {
        failure = new AppError(415, 'html_required', importMessages.htmlRequired, 'file');
        return void stream.resume();
      }
      stream.on('data', (chunk: Buffer) => failure || session.write(chunk));
      stream.on('limit', () => (failure = new AppError(413, 'too_large', importMessages.tooLarge, 'file')));
      stream.on('end', () => (received = true));
    });
    bb.on('error', () => reject(badRequest(importMessages.fileRequired, 'file')));
    bb.on('close', () => {
      if (failure) return reject(failure);
      if (!received) return reject(badRequest(importMessages.fileRequired, 'file'));
      resolve({ overwrite: truthy(fields.overwrite) });
    });
    req.pipe(bb);
  });
}
