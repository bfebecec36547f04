import { Router } from 'express';
import { advertLimits, advertMessages as m } from '@linkhive/shared/domain';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import { readUpload } from '../../http/upload.js';
import type { AdvertService } from './service.js';

const c = contract.adverts;

const uploads = {
  logo: { maxBytes: advertLimits.logoMaxBytes, tooLarge: m.logoTooLarge },
  background: { maxBytes: advertLimits.backgroundMaxBytes, tooLarge: m.backgroundTooLarge },
} as const;

export function advertRoutes(adverts: AdvertService): Router {
  const r = Router();

  route(r, c.list, async ({ query }) => ({ items: await adverts.list(query.q) }));
  route(r, c.mine, requireUser, async (_input, req) => ({ advert: await adverts.mine(currentUser(req)) }));
  route(r, c.create, requireUser, ({ body }, req) => adverts.create(currentUser(req), body));
  route(r, c.update, requireUser, ({ params, body }, req) => adverts.update(currentUser(req), params.id, body));

  for (const kind of ['logo', 'background'] as const) {
    route(r, c[kind], requireUser, async ({ params }, req) => {
      const { file } = await readUpload(req, { field: 'file', missing: m.fileRequired, ...uploads[kind] });
      return adverts.setImage(currentUser(req), params.id, kind, file.data);
    });
  }

  return r;
}
