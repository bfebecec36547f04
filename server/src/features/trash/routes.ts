import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { TrashService } from './service.js';

export function trashRoutes(trash: TrashService): Router {
  const r = Router();
  route(r, contract.trash.list, requireUser, ({ query }, req) =>
    trash.list(currentUser(req).id, query.page, query.pageSize),
  );
  route(r, contract.trash.restore, requireUser, ({ body }, req) => trash.restore(currentUser(req).id, body.ids));
  route(r, contract.trash.empty, requireUser, async (_input, req) => ({
    deleted: await trash.empty(currentUser(req).id),
  }));
  return r;
}
