import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

export function profileRepository(db: Kysely<Database>) {
  // Read by /auth/me, which the apps ask on every start and focus: built and compiled once.
  const byUser = prepared(db, (userId: string) => db.selectFrom('profile').selectAll().where('user_id', '=', userId));
  return {
    async create(userId: string, displayName: string) {
      const now = new Date().toISOString();
      await db
        .insertInto('profile')
        .values({
          user_id: userId,
          display_name: displayName,
          layout_preference: 'list',
          follower: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    /** Only the fields given change; undefined leaves a column as it is. */
    async update(
      userId: string,
      changes: {
        display_name?: string;
        photo_url?: string | null;
        category_tab_color?: string | null;
        layout_preference?: string;
        follower?: number;
        keep_copies?: number;
      },
    ) {
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      await db
        .updateTable('profile')
        .set({ ...set, updated_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .execute();
    },
    find(userId: string) {
      return byUser.first(userId);
    },
  };
}

export type ProfileRepository = ReturnType<typeof profileRepository>;
