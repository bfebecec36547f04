import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { reply, route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { ImportService } from './service.js';
import { streamUploadedExport } from './upload-parse.js';

export function importRoutes(imports: ImportService): Router {
  const r = Router();
  r.use('/import', requireUser);
  // A file from the import page (multipart) or the extension's list of browser bookmarks (JSON,
  // kept as raw bytes by app.ts so the worker parses it). Either way the answer is the job, 202,
  // once the upload has been read: GET /import/:jobId follows it to its result.
  route(r, contract.import.start, async (_input, req) => {
    const user = currentUser(req);
    const job = Buffer.isBuffer(req.body)
      ? await imports.start(user.id, 'json', async (session) => {
          session.write(req.body);
          return { overwrite: false };
        })
      : await imports.start(user.id, 'html', (session) => streamUploadedExport(req, session));
    return reply(202, job);
  });
  route(r, contract.import.progress, ({ params }, req) => imports.progress(currentUser(req).id, params.jobId));
  return r;
}
