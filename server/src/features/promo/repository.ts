import type { Kysely, Selectable } from 'kysely';
import type { Database, PromoPostTable } from '../../db/schema.js';
import { ensureSecretSetting } from '../../db/app-setting-repository.js';

export type PromoPostRow = Selectable<PromoPostTable>;

/** Followers, posts and daily counts of promo pages; the advert itself is read through the adverts repository. */
export function promoRepository(db: Kysely<Database>) {
  return {
    /** Following twice, or twice at once, leaves one row: the primary key keeps the first. */
    async follow(promotorId: string, userId: string, at: string): Promise<void> {
      await db
        .insertInto('promo_follower')
        .values({ promotor_id: promotorId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['promotor_id', 'user_id']).doNothing())
        .execute();
    },

    /** Answers whether there was an entry to remove. */
    async unfollow(promotorId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('promo_follower')
        .where('promotor_id', '=', promotorId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async isFollowing(promotorId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('promo_follower')
        .select('user_id')
        .where('promotor_id', '=', promotorId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return !!row;
    },

    /** Followers of an owner, all of them or those who came at `since` or later. */
    async followerCount(promotorId: string, since?: string): Promise<number> {
      let query = db
        .selectFrom('promo_follower')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('promotor_id', '=', promotorId);
      if (since) query = query.where('created_at', '>=', since);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Newest first, with the name each follower shows on their profile. */
    followers: (promotorId: string, limit: number) =>
      db
        .selectFrom('promo_follower')
        .leftJoin('profile', 'profile.user_id', 'promo_follower.user_id')
        .select(['profile.display_name as name', 'promo_follower.created_at as since'])
        .where('promo_follower.promotor_id', '=', promotorId)
        .orderBy('promo_follower.created_at', 'desc')
        .orderBy('promo_follower.user_id')
        .limit(limit)
        .execute(),

    async insertPost(row: PromoPostRow): Promise<void> {
      await db.insertInto('promo_post').values(row).execute();
    },

    /** An owner's posts, newest first. */
    posts: (userId: string, limit: number, offset: number) =>
      db
        .selectFrom('promo_post')
        .select(['id', 'title', 'content', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    /** An owner's posts stored at `since` or later, and the oldest of them (index promo_post_user). */
    async postsSince(userId: string, since: string): Promise<{ count: number; oldest: string | null }> {
      const row = await db
        .selectFrom('promo_post')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest ?? null };
    },

    async postCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('promo_post')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One more view or QR scan for the day, in one upsert, so visits at once all count. */
    async countVisit(advertId: string, day: string, kind: 'view' | 'qr'): Promise<void> {
      const views = kind === 'view' ? 1 : 0;
      const qrScans = kind === 'qr' ? 1 : 0;
      await db
        .insertInto('promo_daily')
        .values({ advert_id: advertId, day, views, qr_scans: qrScans })
        .onConflict((oc) =>
          oc.columns(['advert_id', 'day']).doUpdateSet((eb) => ({
            views: eb('promo_daily.views', '+', eb.ref('excluded.views')),
            qr_scans: eb('promo_daily.qr_scans', '+', eb.ref('excluded.qr_scans')),
          })),
        )
        .execute();
    },

    /** Notes a visitor (a keyed hash) of a page for a day; true only the first time, however many ask at once. */
    async firstVisit(advertId: string, day: string, visitor: string): Promise<boolean> {
      const inserted = await db
        .insertInto('promo_visitor')
        .values({ advert_id: advertId, day, visitor })
        .onConflict((oc) => oc.columns(['advert_id', 'day', 'visitor']).doNothing())
        .returning('visitor')
        .execute();
      return inserted.length > 0;
    },

    /** Visitors are only needed for the day they are counted in. */
    async forgetVisitorsBefore(day: string): Promise<void> {
      await db.deleteFrom('promo_visitor').where('day', '<', day).execute();
    },

    /** The key of the visitor hashes, shared by every server process. */
    visitorKey: () => ensureSecretSetting(db, 'promo_visitor_key'),

    /** Views and QR scans of the days from `fromDay` on. */
    async visitsSince(advertId: string, fromDay: string): Promise<{ views: number; qrScans: number }> {
      const row = await db
        .selectFrom('promo_daily')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number | string>('views'), eb.lit(0)).as('views'),
          eb.fn.coalesce(eb.fn.sum<number | string>('qr_scans'), eb.lit(0)).as('qr_scans'),
        ])
        .where('advert_id', '=', advertId)
        .where('day', '>=', fromDay)
        .executeTakeFirstOrThrow();
      return { views: Number(row.views), qrScans: Number(row.qr_scans) };
    },
  };
}

export type PromoRepository = ReturnType<typeof promoRepository>;
