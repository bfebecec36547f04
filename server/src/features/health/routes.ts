import { Router } from 'express';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

export function healthRoutes(db: Kysely<Database>): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    try {
      await sql`select 1`.execute(db);
    } catch {
      throw new AppError(503, 'database_unavailable', 'The database does not answer');
    }
    res.json({ ok: true });
  });
  return r;
}
