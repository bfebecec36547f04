import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { LinkHealthService } from './service.js';

export function linkHealthRoutes(linkHealth: LinkHealthService): Router {
  const r = Router();
  route(r, contract.linkHealth.get, requireUser, ({ params }, req) => linkHealth.get(currentUser(req).id, params.id));
  route(r, contract.linkHealth.check, requireUser, ({ params }, req) =>
    linkHealth.check(currentUser(req).id, params.id),
  );
  return r;
}
