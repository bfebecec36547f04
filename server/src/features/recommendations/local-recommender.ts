import type { Recommendation } from '@linkhive/shared/domain';

/** What the local recommender is asked: the bookmark's site, seen from its owner. */
export interface LocalRecommendationInput {
  /** The asking user: their own saved domains are left out. */
  userId: string;
  /** The bookmark's domain ('example.com'). */
  domain: string;
  /** The bookmark's category, for promo adverts of the same category. */
  category: string;
  count: number;
}

/**
 * Answers from this server's own data, with no provider: domains most often saved by the users who
 * saved this domain (only where at least recommendationRules.localMinUsers different users saved
 * both), plus approved promo adverts of the same category. Implemented in local.ts over
 * local-repository.ts.
 */
export interface LocalRecommender {
  recommend(input: LocalRecommendationInput): Promise<Recommendation[]>;
}
