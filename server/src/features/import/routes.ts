import { Router } from 'express';
import { currentUser, requireUser } from '../../http/session.js';
import type { ImportService } from './service.js';
import { streamUploadedExport } from './upload-parse.js';

export function importRoutes(imports: ImportService): Router {
  const r = Router();
  r.use('/import', requireUser);
  // A file from the import page (multipart) or the extension's list of browser bookmarks (JSON,
  // kept as raw bytes by app.ts so the worker parses it). Either way the answer is the job, 202,
  // once the upload has been read: GET /import/:jobId follows it to its result.
  r.post('/import', async (req, res) => {
    const user = currentUser(req);
    const job = Buffer.isBuffer(req.body)
      ? await imports.start(user.id, 'json', async (session) => {
          session.write(req.body);
          return { overwrite: false };
        })
      : await imports.start(user.id, 'html', (session) => streamUploadedExport(req, session));
    res.status(202).json(job);
  });
  r.get('/import/:jobId', async (req, res) => {
    res.json(await imports.progress(currentUser(req).id, req.params.jobId));
  });
  return r;
}
