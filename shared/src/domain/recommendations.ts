import { z } from 'zod';

/**
 * Recommended websites (spec teams-feeds-import.md sections 3-9). The spec's texts are word for
 * word; the internal ones are logged on the server and never shown: users see `unavailable`.
 */
export const recommendationMessages = {
  unavailable: 'Unable to load recommendations. Please try again.',
  // Internal (logged): spec section 8.
  noWebsites: 'No websites to search',
  allFailed: 'All recommendation services failed',
  noneReceived: 'No recommendations received',
  invalidFormat: 'Invalid response format',
  geminiNoCandidates: 'Gemini API returned no candidates. Please check API quotas and limits.',
  noneGenerated: 'No recommendations generated',
  invalidAt: (index: number) => `Invalid recommendation format at index ${index}`,
  fetchError: (detail: string) => `Error fetching recommendations: ${detail}`,
  // Newer texts of this product's own: these may be reworded.
  paidOnly: 'Recommended websites are part of the paid plans. Upgrade to see them.',
  dailyLimit: 'You have asked for many recommendations today. Saved answers are still shown; try again tomorrow.',
  noneFound: 'No related websites were found for this site yet.',
  title: 'Recommended websites',
  button: 'Recommended websites',
  sourceLabel: {
    openai: 'Suggested by OpenAI',
    gemini: 'Suggested by Google Gemini',
    local: 'From sites other Linkhive members save, and promoted businesses',
  },
} as const;

/** Spec section 9 and this product's own bounds. */
export const recommendationRules = {
  /** Results asked of each provider. */
  openaiCount: 20,
  geminiCount: 10,
  defaultCount: 5,
  /** A cached answer per domain and region is used this long. */
  cacheTtlMs: 30 * 24 * 60 * 60_000,
  /** Descriptions are cut to this many characters plus an ellipsis. */
  snippetMax: 200,
  titleMax: 200,
  linkMax: 2048,
  errorSnackbarMs: 5000,
  /** Provider calls (cache misses) one account may cause a day; RECOMMENDATION_DAILY_LIMIT overrides. */
  dailyProviderCalls: 30,
  /** Each provider gets this long before the next is tried. */
  providerTimeoutMs: 20_000,
  /** The local recommender counts a domain only where at least this many different users saved both. */
  localMinUsers: 5,
  /**
   * Only savers who could not be made in a minute count toward localMinUsers, so that sybil
   * accounts cannot stand in for the other members and reveal one member's sites: a verified
   * address, an account at least this many days old (its sign-up time is set by the server; a
   * bookmark's date is not, imports keep the browser's), and a library of its own.
   */
  localSaverMinAccountDays: 7,
  /** ...with at least this many bookmarks. */
  localSaverMinBookmarks: 10,
} as const;

export const recommendationQuerySchema = z.object({
  // Two letters from the browser's language ('en-GB' gives 'gb'); anything else means no region.
  region: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/)
    .optional()
    .catch(undefined),
});

/** Where a list came from; the drawer says so. */
export type RecommendationSource = keyof typeof recommendationMessages.sourceLabel;
const recommendationSources = Object.keys(recommendationMessages.sourceLabel) as [
  RecommendationSource,
  ...RecommendationSource[],
];

/** One recommended site, as clients receive it: plain text, checked addresses, capped lengths. */
export const recommendationSchema = z.object({
  title: z.string(),
  /** An http(s) address. */
  link: z.string(),
  /** The address's host as shown ('example.com'). */
  displayLink: z.string(),
  /** Plain text, at most snippetMax characters plus an ellipsis. */
  snippet: z.string(),
  /** From the local recommender: an approved promo advert's page slug, for a Promotor's Page link. */
  promoSlug: z.string().optional(),
});
export type Recommendation = z.output<typeof recommendationSchema>;

/** GET /api/bookmarks/:id/recommendations. */
export const recommendationListSchema = z.object({
  items: z.array(recommendationSchema),
  source: z.enum(recommendationSources),
  /** The model that answered (cached with the answer); null for the local recommender. */
  model: z.string().nullable(),
  /** Whether the answer came from the cache (no provider was asked). */
  cached: z.boolean(),
  /** Set when the daily limit of provider calls was reached and the local recommender answered. */
  notice: z.string().optional(),
});
export type RecommendationList = z.output<typeof recommendationListSchema>;

/** Cuts a description to `max` characters plus an ellipsis (spec: 200 plus '...'). */
export function cutRecommendationSnippet(text: string, max: number = recommendationRules.snippetMax): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max)}...` : plain;
}
