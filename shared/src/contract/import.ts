import { z } from 'zod';
import { importProgressSchema, jsonImportSchema } from '../domain/import.js';
import { endpoint } from './endpoint.js';

const tag = 'import';

export const importContract = {
  start: endpoint({
    method: 'POST',
    path: '/api/import',
    summary:
      'Starts an import: a bookmark file (multipart `file`, `overwrite`) or the extension’s JSON of the browser’s bookmarks; answers the job to follow',
    tag,
    access: 'user',
    // Read by the import itself as it streams in (the JSON too, as raw bytes): documented here, not parsed by the route.
    body: jsonImportSchema,
    bodyKind: 'multipart',
    answers: { 202: importProgressSchema },
    errors: { 400: ['invalid_file'], 413: ['too_large'], 415: ['html_required'], 500: ['import_failed'] },
  }),
  progress: endpoint({
    method: 'GET',
    path: '/api/import/:jobId',
    summary: 'How far an import has got; its result once done, its error once failed',
    tag,
    access: 'user',
    params: z.object({ jobId: z.string() }),
    answers: { 200: importProgressSchema },
  }),
};

export const exportContract = {
  file: endpoint({
    method: 'GET',
    path: '/api/export',
    summary: 'The user’s bookmarks as a Netscape bookmark file, categories as folders',
    tag: 'export',
    access: 'user',
    answers: { 200: { mediaType: 'text/html' } },
  }),
};
