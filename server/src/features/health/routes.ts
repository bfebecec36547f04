import { Router } from 'express';
import { sql, type Kysely } from 'kysely';
import { contract } from '@linkhive/shared/contract';
import type { Database } from '../../db/schema.js';
import { route } from '../../http/contract-route.js';
import { AppError } from '../../http/errors.js';

export function healthRoutes(db: Kysely<Database>): Router {
  const r = Router();
  route(r, contract.health.health, async () => {
    try {
      await sql`select 1`.execute(db);
    } catch {
      throw new AppError(503, 'database_unavailable', 'The database does not answer');
    }
    return { ok: true as const };
  });
  return r;
}
