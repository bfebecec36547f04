import { Router } from 'express';
import { profileMessages, profilePhotoMaxBytes, updateProfileSchema } from '@linkhive/shared/domain';
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
    const { file } = await readUpload(req, {
      field: 'file',
      maxBytes: profilePhotoMaxBytes,
      tooLarge: profileMessages.imageTooLarge,
      missing: profileMessages.fileRequired,
    });
    res.json(await profiles.setPhoto(currentUser(req), file.data));
  });

  return r;
}
