import { cutRecommendationSnippet, recommendationRules, type Recommendation } from '@linkhive/shared/domain';
import type { LocalRecommender } from './local-recommender.js';
import type { LocalRecommendationRepository } from './local-repository.js';

/** Promo adverts never take more than this many places, nor more than a third of a full list. */
export const promoMax = 3;
/** The most places one answer can have, whatever the caller asks. */
const countMax = 50;
/**
 * Counts are shown rounded down to one of these ("Saved by 10+ members"), so the exact number of
 * members behind a pair of sites does not leak from one answer to the next.
 */
const countBuckets = [1000, 500, 250, 100, 50, 25, 10, recommendationRules.localMinUsers];

/**
 * A local answer from what the repository reads: members' sites first (their counts bucketed),
 * then promo adverts in the places the rules leave them.
 */
export function localRecommender(repo: LocalRecommendationRepository): LocalRecommender {
  return {
    async recommend(input) {
      const count = Math.min(Math.floor(input.count), countMax);
      if (!(count > 0) || !input.domain) return [];
      const [sites, promos] = await Promise.all([
        repo.coSaved(input, count),
        repo.promoAdverts(input, Math.min(promoMax, count)),
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
