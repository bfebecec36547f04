import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminAuditEntry, Permissions } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';

const columns = ['id', 'email', 'name', 'emailVerified'] as const;

/** Looks accounts up for the admin pages and for mails to an advert's owner; keeps the admins' audit log. */
export function userLookupRepository(db: Kysely<Database>) {
  return {
    byId: (id: string) => db.selectFrom('user').select(columns).where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string) =>
      db.selectFrom('user').select(columns).where('email', '=', email.toLowerCase()).executeTakeFirst(),

    /** One row per permissions change, kept when either account is deleted (the ids become null). */
    recordAudit: (row: { actorId: string; targetId: string; change: Partial<Permissions> }) =>
      db
        .insertInto('admin_audit')
        .values({
          id: randomUUID(),
          actor_id: row.actorId,
          target_id: row.targetId,
          change: JSON.stringify(row.change),
          created_at: new Date().toISOString(),
        })
        .execute(),

    /** The newest changes to one user's permissions, with the admin who made each. */
    async recentAudit(targetId: string, limit = 10): Promise<AdminAuditEntry[]> {
      const rows = await db
        .selectFrom('admin_audit')
        .leftJoin('user', 'user.id', 'admin_audit.actor_id')
        .select(['admin_audit.change', 'admin_audit.created_at', 'user.email as actorEmail'])
        .where('admin_audit.target_id', '=', targetId)
        .orderBy('admin_audit.created_at', 'desc')
        .orderBy('admin_audit.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        at: r.created_at,
        actorEmail: r.actorEmail ?? null,
        change: JSON.parse(r.change) as Partial<Permissions>,
      }));
    },
  };
}

export type UserLookupRepository = ReturnType<typeof userLookupRepository>;
