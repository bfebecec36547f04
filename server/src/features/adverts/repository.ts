import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { advertThreatCheckBudget } from '@linkhive/shared/domain';
import type { AdvertTable, Database } from '../../db/schema.js';
import { countInWindow } from '../../http/rate-limit.js';

export type AdvertRow = Selectable<AdvertTable>;
export type AdvertPendingRow = AdvertRow & { owner_email: string; owner_name: string };

/** The only code that reads or writes the advert table. */
export function advertRepository(db: Kysely<Database>) {
  return {
    async insert(row: AdvertRow): Promise<void> {
      await db.insertInto('advert').values(row).execute();
    },

    find: (id: string) => db.selectFrom('advert').selectAll().where('id', '=', id).executeTakeFirst(),

    findByUser: (userId: string) =>
      db.selectFrom('advert').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** A public page: only an approved advert whose address is not flagged answers to its slug. */
    approvedBySlug: (slug: string) =>
      db
        .selectFrom('advert')
        .selectAll()
        .where('slug', '=', slug)
        .where('status', '=', 1)
        .where('threat_status', '<>', 'flagged')
        .executeTakeFirst(),

    async slugTaken(slug: string): Promise<boolean> {
      return !!(await db.selectFrom('advert').select('id').where('slug', '=', slug).executeTakeFirst());
    },

    /** Writes only when the row still belongs to the user; answers the row as stored. */
    updateOwn: (userId: string, id: string, changes: Updateable<AdvertTable>) =>
      db
        .updateTable('advert')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst(),

    update: (id: string, changes: Updateable<AdvertTable>) =>
      db.updateTable('advert').set(changes).where('id', '=', id).returningAll().executeTakeFirst(),

    /**
     * Only a pending advert is approved, so two admins deciding at once decide once; and only while
     * its address is still the one the admin's check looked at and is not flagged, tested in the
     * same statement as the write, so a link the owner changed during the check is never approved.
     */
    approve: (id: string, checkedLink: string, at: string) =>
      db
        .updateTable('advert')
        .set({ status: 1, approved_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 0)
        .where('link', '=', checkedLink)
        .where('threat_status', '<>', 'flagged')
        .returningAll()
        .executeTakeFirst(),

    /** Deletes a pending advert; answers it (for its images and owner) or undefined. */
    removePending: (id: string) =>
      db.deleteFrom('advert').where('id', '=', id).where('status', '=', 0).returningAll().executeTakeFirst(),

    /** The threat result of one address: a check of an address since replaced is dropped. */
    setThreat: (id: string, link: string, changes: Pick<AdvertTable, 'threat_status'> & Partial<AdvertTable>) =>
      db.updateTable('advert').set(changes).where('id', '=', id).where('link', '=', link).executeTakeFirst(),

    /**
     * Counts one more threat check for the account in the database (shared by every server process)
     * and answers the count in this window and the seconds until the window ends.
     */
    spendThreatCheck: (userId: string) =>
      countInWindow(db, `advert-threat-check:user:${userId}`, advertThreatCheckBudget.windowMs),

    pending: () =>
      db
        .selectFrom('advert')
        .innerJoin('user', 'user.id', 'advert.user_id')
        .selectAll('advert')
        .select(['user.email as owner_email', 'user.name as owner_name'])
        .where('advert.status', '=', 0)
        .orderBy('advert.created_at')
        .execute() as Promise<AdvertPendingRow[]>,

    /** Approved adverts, flagged ones left out, newest first; `q` matches title or description text, any case. */
    approved(q: string | undefined, limit: number) {
      let query = db.selectFrom('advert').selectAll().where('status', '=', 1).where('threat_status', '<>', 'flagged');
      if (q) {
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<boolean>`(lower(title) like ${like} escape '\\' or lower(description_text) like ${like} escape '\\')`,
        );
      }
      return query.orderBy('approved_at', 'desc').limit(limit).execute();
    },
  };
}

export type AdvertRepository = ReturnType<typeof advertRepository>;
