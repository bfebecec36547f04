import { Router } from 'express';
import { profileMessages, profilePhotoMaxBytes, updateProfileSchema } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import { currentUser, requireUser } from '../../http/session.js';
import { readUpload } from '../../http/upload.js';
import { parse } from '../../http/validate.js';
import type { ProfileService } from './service.js';

export function profileRoutes(profiles: ProfileService): Router {
  const r = Router();
  r.use('/profile', requireUser);

  r.get('/profile', async (req, res) => {
    res.json(await profiles.get(currentUser(req)));
  });

  r.patch('/profile', async (req, res) => {
    res.json(await profiles.update(currentUser(req), parse(updateProfileSchema, req.body)));
  });

  r.post('/profile/photo', async (req, res) => {
    // busboy reports its limit on reaching it, so a picture of exactly 2 MiB would count as over:
    // the stream may run one byte past, and the size is checked here.
    const { file } = await readUpload(req, {
      field: 'file',
      maxBytes: profilePhotoMaxBytes + 1,
      tooLarge: profileMessages.imageTooLarge,
      missing: profileMessages.fileRequired,
    });
    if (file.data.length > profilePhotoMaxBytes)
      throw new AppError(413, 'too_large', profileMessages.imageTooLarge, 'file');
    res.json(await profiles.setPhoto(currentUser(req), file.data));
  });

  return r;
}
