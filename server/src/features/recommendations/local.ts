import { sql, type Kysely } from 'kysely';
import { cutRecommendationSnippet, recommendationRules, type Recommendation } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import { ownerOf } from '../bookmarks/repository.js';
import type { LocalRecommendationInput, LocalRecommender } from './local-recommender.js';

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
/** Promo adverts never take more than this many places, nor more than a third of a full list. */
export const promoMax = 3;
/** The most places one answer can have, whatever the caller asks. */
const countMax = 50;
const dayMs = 24 * 60 * 60_000;
/**
 * Counts are shown rounded down to one of these ("Saved by 10+ members"), so the exact number of
 * members behind a pair of sites does not leak from one answer to the next.
 */
const countBuckets = [1000, 500, 250, 100, 50, 25, 10, recommendationRules.localMinUsers];

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

export function localRecommender(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): LocalRecommender {
  /**
   * Approved adverts of the category (any case), newest first, of sites the user has not saved. A
   * flagged address is never recommended, whatever its status says (as the advert repository's
   * public queries).
   */
  function adverts({ userId, domain, category }: LocalRecommendationInput, limit: number) {
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
  }

  return {
    async recommend(input) {
      const count = Math.min(Math.floor(input.count), countMax);
      if (!(count > 0) || !input.domain) return [];
      const [sites, promos] = await Promise.all([
        coSavedQuery(db, dialect, input, count).execute(),
        adverts(input, Math.min(promoMax, count)),
      ]);

      const siteItems = sites.flatMap((s): Recommendation[] => {
        // The site itself, named by its domain: a saved page's title or address names one page that
        // perhaps one member saved, which is what the 5-user threshold keeps private.
        const link = httpLink(`https://${s.domain}/`);
        if (!link) return [];
        const users = Number(s.users);
        const bucket = countBuckets.find((b) => users >= b) ?? recommendationRules.localMinUsers;
        return [
          {
            title: s.domain,
            link,
            displayLink: s.domain,
            snippet: cutRecommendationSnippet(`Saved by ${bucket}+ members who also saved ${input.domain}`),
          },
        ];
      });
      const shown = new Set(siteItems.map((s) => s.displayLink));
      const promoItems = promos.flatMap((a): Recommendation[] => {
        const link = httpLink(a.link);
        if (!link || shown.has(a.domain)) return [];
        return [
          {
            title: a.title.slice(0, recommendationRules.titleMax),
            link,
            displayLink: a.domain,
            snippet: cutRecommendationSnippet(a.description_text),
            promoSlug: a.slug,
          },
        ];
      });

      // Members' sites come first; adverts keep a third of the places (rounded down, so a short list
      // is all members' sites), and take more only where members' sites do not fill the list.
      const promoPlaces = Math.min(promoItems.length, Math.max(Math.floor(count / 3), count - siteItems.length));
      return [...siteItems.slice(0, count - promoPlaces), ...promoItems.slice(0, promoPlaces)];
    },
  };
}

/** The address if it parses as http(s) and fits, else null: stored data is still checked. */
function httpLink(link: string): string | null {
  if (link.length > recommendationRules.linkMax) return null;
  try {
    const u = new URL(link);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}
