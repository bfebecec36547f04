import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';
import type { PermissionFlag } from '@linkhive/shared/domain';

export function permissionRepository(db: Kysely<Database>) {
  // The one writer of user_permission (issue 29): billing sets its plan flags through setFlagsFrom.
  // Read by /auth/me and by every admin check: built and compiled once.
  const flags = prepared(db, (userId: string) =>
    db.selectFrom('user_permission').select(['flag', 'source']).where('user_id', '=', userId),
  );
  return {
    /** Each stored flag with who set it ('billing', 'admin', 'operator'). */
    grantsOf(userId: string): Promise<{ flag: string; source: string }[]> {
      return flags.all(userId);
    },
    async grant(userId: string, flag: PermissionFlag, source: string) {
      await db
        .insertInto('user_permission')
        .values({ user_id: userId, flag, source, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'flag']).doNothing())
        .execute();
    },
    /**
     * Sets the flags one source gives (billing's plan flags): each true one is given, each false one
     * taken back if that source gave it; a flag another source gave (an admin, the operator) stays.
     */
    async setFlagsFrom(userId: string, source: string, flags: Partial<Record<PermissionFlag, boolean>>) {
      for (const [flag, on] of Object.entries(flags) as [PermissionFlag, boolean][]) {
        if (on) await this.grant(userId, flag, source);
        else
          await db
            .deleteFrom('user_permission')
            .where('user_id', '=', userId)
            .where('flag', '=', flag)
            .where('source', '=', source)
            .execute();
      }
    },
    async revoke(userId: string, flag: PermissionFlag): Promise<boolean> {
      const res = await db
        .deleteFrom('user_permission')
        .where('user_id', '=', userId)
        .where('flag', '=', flag)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}

export type PermissionRepository = ReturnType<typeof permissionRepository>;
