import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { AdvertService } from '../adverts/service.js';
import type { AdminService } from './service.js';

const c = contract.admin;

/** Every /admin path asks the server whether the caller is an admin: the web app's check is only a courtesy. */
export function adminRoutes(admin: AdminService, adverts: AdvertService): Router {
  const r = Router();
  r.use('/admin', requireUser, async (req, _res, next) => {
    await admin.assertAdmin(currentUser(req));
    next();
  });

  route(r, c.pendingAdverts, async () => ({ items: await adverts.pending() }));
  route(r, c.approveAdvert, ({ params }) => adverts.approve(params.id));
  route(r, c.rejectAdvert, async ({ params }) => {
    await adverts.reject(params.id);
    return { ok: true as const };
  });

  route(r, c.setPermissions, async ({ body }, req) => {
    const actor = currentUser(req);
    const { user, change } = await admin.setPermissions(body, actor);
    // Who gave whom which rights, next to the audit row, for whoever reads the server's log.
    req.log?.info(
      { actorId: actor.id, actorEmail: actor.email, targetId: user.id, targetEmail: user.email, change },
      'admin permissions changed',
    );
    return user;
  });

  route(r, c.findUser, ({ query }) => admin.find(query));

  return r;
}
