import { Router } from 'express';
import { z } from 'zod';
import { adminPermissionsSchema } from '@linkhive/shared/domain';
import { currentUser, requireUser } from '../../http/session.js';
import { parse } from '../../http/validate.js';
import type { AdvertService } from '../adverts/service.js';
import type { AdminService } from './service.js';

const userQuery = z.object({ email: z.string().trim().max(320).optional(), id: z.string().max(100).optional() });

/** Every /admin path asks the server whether the caller is an admin: the web app's check is only a courtesy. */
export function adminRoutes(admin: AdminService, adverts: AdvertService): Router {
  const r = Router();
  r.use('/admin', requireUser, async (req, _res, next) => {
    await admin.assertAdmin(currentUser(req));
    next();
  });

  r.get('/admin/adverts/pending', async (_req, res) => {
    res.json({ items: await adverts.pending() });
  });

  r.post('/admin/adverts/:id/approve', async (req, res) => {
    res.json(await adverts.approve(req.params.id));
  });

  r.post('/admin/adverts/:id/reject', async (req, res) => {
    await adverts.reject(req.params.id);
    res.json({ ok: true });
  });

  r.post('/admin/permissions', async (req, res) => {
    const actor = currentUser(req);
    const { user, change } = await admin.setPermissions(parse(adminPermissionsSchema, req.body), actor);
    // Who gave whom which rights, next to the audit row, for whoever reads the server's log.
    req.log?.info(
      { actorId: actor.id, actorEmail: actor.email, targetId: user.id, targetEmail: user.email, change },
      'admin permissions changed',
    );
    res.json(user);
  });

  r.get('/admin/users', async (req, res) => {
    res.json(await admin.find(parse(userQuery, req.query)));
  });

  return r;
}
