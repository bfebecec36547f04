import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { jsonImportSchema } from '@linkhive/shared/domain';
import { currentUser, requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { ImportService } from './service.js';
import { fromJsonItems } from './service.js';
import { parseUploadedExport } from './upload-parse.js';

export function importRoutes(imports: ImportService): Router {
  const r = Router();
  r.use('/import', requireUser);

  // A file from the import page (multipart) or the extension's list of browser bookmarks (JSON).
  // Either way the answer comes when the import is done; GET /import/:jobId shows progress meanwhile.
  r.post('/import', async (req, res) => {
    const user = currentUser(req);
    if (req.is('application/json')) {
      const input = parse(jsonImportSchema, req.body);
      res.json(await imports.run(user.id, input.jobId ?? randomUUID(), fromJsonItems(input.items), input.overwrite));
      return;
    }
    const upload = await parseUploadedExport(req);
    res.json(await imports.run(user.id, upload.jobId, upload.parsed, upload.overwrite));
  });

  r.get('/import/:jobId', async (req, res) => {
    res.json(await imports.progress(currentUser(req).id, req.params.jobId));
  });

  return r;
}
