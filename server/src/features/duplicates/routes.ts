import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { DuplicateService } from './service.js';

export function duplicateRoutes(duplicates: DuplicateService): Router {
  const r = Router();
  route(r, contract.duplicates.list, requireUser, ({ query }, req) =>
    duplicates.list(currentUser(req).id, query.page, query.pageSize),
  );
  route(r, contract.duplicates.merge, requireUser, ({ body }, req) => duplicates.merge(currentUser(req).id, body));
  return r;
}
