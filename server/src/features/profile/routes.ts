import { Router } from 'express';
import { profileMessages, profilePhotoMaxBytes } from '@linkhive/shared/domain';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import { readUpload } from '../../http/upload.js';
import type { ProfileService } from './service.js';

const c = contract.profile;

export function profileRoutes(profiles: ProfileService): Router {
  const r = Router();
  r.use('/profile', requireUser);

  route(r, c.get, (_input, req) => profiles.get(currentUser(req)));
  route(r, c.update, ({ body }, req) => profiles.update(currentUser(req), body));
  route(r, c.photo, async (_input, req) => {
    const { file } = await readUpload(req, {
      field: 'file',
      maxBytes: profilePhotoMaxBytes,
      tooLarge: profileMessages.imageTooLarge,
      missing: profileMessages.fileRequired,
    });
    return profiles.setPhoto(currentUser(req), file.data);
  });

  return r;
}
