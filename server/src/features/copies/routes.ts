import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { currentUser, requireUser } from '../../http/session.js';
import type { CopyService } from './service.js';

export function copyRoutes(copies: CopyService): Router {
  const r = Router();
  route(r, contract.copies.get, requireUser, ({ params }, req) => copies.get(currentUser(req).id, params.id));
  return r;
}
