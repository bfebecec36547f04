import { sql, type Kysely } from 'kysely';
import { cutRecommendationSnippet, recommendationRules, type Recommendation } from '@linkhive/shared/domain';
import type { Database } from '../../db/schema.js';
import type { LocalRecommendationInput, LocalRecommender } from './local-recommender.js';

/**
 * The savers of a domain whose libraries are read. A domain saved by everyone would otherwise make
 * one answer walk the whole table; the first ones in user-id order come straight off the
 * (domain, user_id) index without reading rows, and as ids are random UUIDs they are an unbiased
 * sample rather than the oldest or newest accounts. Each sampled library is then read row by row
 * (no index holds user_id with domain), so this bounds the answer time: at 1,000,000 bookmarks
 * 500 savers' libraries are about 50,000 rows (scripts/bench/recommendations.ts). A site then
 * counts where at least 5 of the 500 (1%) saved it too.
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
  db.selectFrom('bookmark as own').select('own.domain').where('own.user_id', '=', userId);

/**
 * One query: the sampled savers of `domain` (index bookmark_domain_user), their bookmarks (index
 * bookmark_user_created), counted per other domain by distinct user. Only savers with a verified
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
  return db
    .with('savers', (q) =>
      q
        .selectFrom('bookmark')
        // A primary-key look-up per saver read off bookmark_domain_user, still in user-id order.
        .innerJoin('user as u', 'u.id', 'bookmark.user_id')
        .select('bookmark.user_id')
        .distinct()
        .where('bookmark.domain', '=', domain)
        // Only savers that count toward the threshold (recommendationRules.localSaverMin*): a sybil
        // account neither fills the sample nor makes up the 5 users behind a real member's site.
        .where('u.emailVerified', '=', dialect === 'postgres' ? true : 1)
        .where('u.createdAt', '<=', signedUpBy)
        .where((eb) =>
          eb.exists(
            // Its M-th bookmark, read off the bookmark_user_created index: M entries at most.
            eb
              .selectFrom('bookmark as h')
              .select('h.user_id')
              .whereRef('h.user_id', '=', 'bookmark.user_id')
              .orderBy('h.created_at')
              .limit(1)
              .offset(rules.localSaverMinBookmarks - 1),
          ),
        )
        .orderBy('bookmark.user_id')
        .limit(saverSample),
    )
    .selectFrom('savers')
    .innerJoin('bookmark as b', 'b.user_id', 'savers.user_id')
    .select((eb) => ['b.domain', eb.fn.count<number | string>('b.user_id').distinct().as('users')])
    .where('b.domain', '<>', domain)
    .where('b.domain', 'not in', ownDomains(db, userId))
    .groupBy('b.domain')
    .having((eb) => eb.fn.count('b.user_id').distinct(), '>=', recommendationRules.localMinUsers)
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
