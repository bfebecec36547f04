import { sql, type Kysely } from 'kysely';
import { recommendationRules } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { ownerOf } from '../bookmarks/repository.js';
import type { LocalRecommendationInput } from './local-recommender.js';

/**
 * The savers of a domain whose libraries are read. A domain saved by everyone would otherwise make
 * one answer walk the whole table; the sample comes straight off the (domain, owner) index without
 * reading rows. Owners are numbered in sign-up order, so the index is read from a point in that
 * order picked by the domain's hash (and round to the start): the sample is neither the oldest nor
 * the newest accounts, and the same for every ask of one domain. Each sampled library is then read
 * off the owner's index, so this bounds the answer time: at 1,000,000 bookmarks 500 savers'
 * libraries are about 50,000 rows (scripts/bench/recommendations.ts). A site then counts where at
 * least 5 of the 500 (1%) saved it too.
 */
export const saverSample = 500;
const dayMs = 24 * 60 * 60_000;

/** The domains the asking user saved: never recommended back to them. */
const ownDomains = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('bookmark as own').select('own.domain').where('own.owner', '=', ownerOf(userId));

/** Where in the owners' order a domain's sample starts: a stable 31-bit hash (FNV-1a) of the domain. */
function samplePivot(domain: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < domain.length; i++) h = Math.imul(h ^ domain.charCodeAt(i), 0x01000193);
  return (h >>> 0) & 0x7fffffff;
}

/**
 * One query: the sampled savers of `domain` (index bookmark_domain_owner), their bookmarks (index
 * bookmark_owner_created), counted per other domain by distinct owner. Only savers with a verified
 * address, an account old enough and a library of their own are sampled (see
 * recommendationRules.localSaverMinAccountDays). Exported for the bench's query plan.
 */
export function coSavedQuery(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  { userId, domain }: Pick<LocalRecommendationInput, 'userId' | 'domain'>,
  limit: number,
  now: Date = new Date(),
) {
  // Domains are ordered byte-wise on both engines: Postgres' default collation would ignore the
  // dots and hyphens on a first pass and order ties differently from SQLite.
  const byDomain = dialect === 'postgres' ? sql`b.domain collate "C"` : sql`b.domain`;
  const rules = recommendationRules;
  const signedUpBy = new Date(now.getTime() - rules.localSaverMinAccountDays * dayMs).toISOString();
  const pivot = sql<number>`(${samplePivot(domain)} % coalesce((select max(id) from owner), 1))`;
  /** The savers of `domain` that count, on one side of the pivot, in owner order off the index. */
  const saversFrom = (db2: Kysely<Database>, side: '>=' | '<') =>
    db2
      .selectFrom('bookmark')
      .innerJoin('owner as o', 'o.id', 'bookmark.owner')
      .innerJoin('user as u', 'u.id', 'o.user_id')
      .select('bookmark.owner')
      .distinct()
      .where('bookmark.domain', '=', domain)
      .where('bookmark.owner', side, pivot)
      // Only savers that count toward the threshold (recommendationRules.localSaverMin*): a sybil
      // account neither fills the sample nor makes up the 5 users behind a real member's site.
      .where('u.emailVerified', '=', dialect === 'postgres' ? true : 1)
      .where('u.createdAt', '<=', signedUpBy)
      .where((eb) =>
        eb.exists(
          // Its M-th bookmark, read off the owner's index: M entries at most.
          eb
            .selectFrom('bookmark as h')
            .select('h.owner')
            .whereRef('h.owner', '=', 'bookmark.owner')
            .orderBy('h.created_at')
            .limit(1)
            .offset(rules.localSaverMinBookmarks - 1),
        ),
      )
      .orderBy('bookmark.owner')
      .limit(saverSample);
  return db
    .with('savers', (q) =>
      q
        .selectFrom((qq) =>
          qq
            .selectFrom(saversFrom(db, '>=').as('later'))
            .select(['later.owner', sql<number>`0`.as('part')])
            .unionAll((q2) =>
              q2.selectFrom(saversFrom(db, '<').as('earlier')).select(['earlier.owner', sql<number>`1`.as('part')]),
            )
            .as('both'),
        )
        .select('both.owner')
        .orderBy('both.part')
        .orderBy('both.owner')
        .limit(saverSample),
    )
    .selectFrom('savers')
    .innerJoin('bookmark as b', 'b.owner', 'savers.owner')
    .select((eb) => ['b.domain', eb.fn.count<number | string>('b.owner').distinct().as('users')])
    .where('b.domain', '<>', domain)
    .where('b.domain', 'not in', ownDomains(db, userId))
    .groupBy('b.domain')
    .having((eb) => eb.fn.count('b.owner').distinct(), '>=', recommendationRules.localMinUsers)
    .orderBy('users', 'desc')
    .orderBy(byDomain)
    .limit(limit);
}

/** The local recommender's reads (local.ts turns them into an answer). */
export function localRecommendationRepository(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  return {
    /** Domains the sampled savers of `input.domain` also saved, with how many of them did. */
    coSaved: (input: Pick<LocalRecommendationInput, 'userId' | 'domain'>, limit: number) =>
      coSavedQuery(db, dialect, input, limit).execute(),

    /**
     * Approved adverts of the category (any case), newest first, of sites the user has not saved. A
     * flagged address is never recommended, whatever its status says (as the advert repository's
     * public queries).
     */
    promoAdverts({ userId, domain, category }: LocalRecommendationInput, limit: number) {
      return db
        .selectFrom('advert')
        .select(['slug', 'title', 'link', 'domain', 'description_text'])
        .where('status', '=', 1)
        .where('threat_status', '<>', 'flagged')
        .where(sql`lower(category)`, '=', sql`lower(${category})`)
        .where('domain', '<>', domain)
        .where('domain', 'not in', ownDomains(db, userId))
        .orderBy('approved_at', 'desc')
        .orderBy('slug')
        .limit(limit)
        .execute();
    },
  };
}

export type LocalRecommendationRepository = ReturnType<typeof localRecommendationRepository>;
