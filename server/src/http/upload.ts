import type { Request } from 'express';
import busboy from 'busboy';
import { AppError, badRequest } from './errors.js';

export interface UploadedFile {
  filename: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Reads one file field of a multipart body into memory, refusing it past `maxBytes` while it
 * streams (413) so an over-large upload is never held whole. Other text fields are returned too.
 */
export function readUpload(
  req: Request,
  opts: { field: string; maxBytes: number; tooLarge: string; missing: string },
): Promise<{ file: UploadedFile; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) return reject(new AppError(415, 'unsupported_media_type', opts.missing));
    let bb: busboy.Busboy;
    try {
      // busboy reports its limit when a file reaches it: one byte more, so that exactly maxBytes passes.
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: opts.maxBytes + 1, fields: 20 } });
    } catch {
      return reject(badRequest(opts.missing, opts.field));
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let failed: AppError | null = null;
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (name, stream, info) => {
      if (name !== opts.field) return void stream.resume();
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => (failed = new AppError(413, 'too_large', opts.tooLarge, opts.field)));
      stream.on('end', () => {
        if (!failed) file = { filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) };
      });
    });
    bb.on('error', () => reject(badRequest(opts.missing, opts.field)));
    bb.on('close', () => {
      if (failed) return reject(failed);
      if (!file || file.data.length === 0) return reject(badRequest(opts.missing, opts.field));
      resolve({ file, fields });
    });
    req.pipe(bb);
  });
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG by its bytes, whatever the name or the declared type say. */
export const isPng = (data: Buffer) => data.length > 8 && data.subarray(0, 8).equals(pngSignature);
