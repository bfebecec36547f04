import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { AppError } from '../../http/errors.js';
import type { healthRepository } from './repository.js';

export function healthRoutes(repo: ReturnType<typeof healthRepository>): Router {
  const r = Router();
  route(r, contract.health.health, async () => {
    try {
      await repo.ping();
    } catch {
      throw new AppError(503, 'database_unavailable', 'The database does not answer');
    }
    return { ok: true as const };
  });
  return r;
}
