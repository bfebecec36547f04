import { Router } from 'express';
import { z } from 'zod';
import { advertLimits, advertMessages as m, createAdvertSchema, updateAdvertSchema } from '@linkhive/shared/domain';
import { currentUser, requireUser } from '../../http/session.js';
import { readUpload } from '../../http/upload.js';
import { parse } from '../../http/validate.js';
import type { AdvertService } from './service.js';

const listQuery = z.object({ q: z.string().max(200).optional() });

const uploads = {
  logo: { maxBytes: advertLimits.logoMaxBytes, tooLarge: m.logoTooLarge },
  background: { maxBytes: advertLimits.backgroundMaxBytes, tooLarge: m.backgroundTooLarge },
} as const;

export function advertRoutes(adverts: AdvertService): Router {
  const r = Router();

  r.get('/adverts', async (req, res) => {
    res.json({ items: await adverts.list(parse(listQuery, req.query).q) });
  });

  r.get('/adverts/mine', requireUser, async (req, res) => {
    res.json({ advert: await adverts.mine(currentUser(req)) });
  });

  r.post('/adverts', requireUser, async (req, res) => {
    res.status(201).json(await adverts.create(currentUser(req), parse(createAdvertSchema, req.body)));
  });

  r.patch('/adverts/:id', requireUser, async (req, res) => {
    res.json(await adverts.update(currentUser(req), String(req.params.id), parse(updateAdvertSchema, req.body)));
  });

  for (const kind of ['logo', 'background'] as const) {
    r.post(`/adverts/:id/${kind}`, requireUser, async (req, res) => {
      const { file } = await readUpload(req, { field: 'file', missing: m.fileRequired, ...uploads[kind] });
      res.json(await adverts.setImage(currentUser(req), req.params.id as string, kind, file.data));
    });
  }

  return r;
}
