/**
 * The promo pages' keys in the server-data cache, all under the page's slug. The advert search of
 * the landing page (useAdvertSearch) is not here: the landing page does not load the query library.
 */
export const promoKeys = {
  all: ['promo'] as const,
  page: (slug: string) => ['promo', slug, 'page'] as const,
  /** The page a share link names, checked before anything is saved; `source` is counted on each load. */
  shareTarget: (slug: string, source: string | null) => ['promo', slug, 'share', { source }] as const,
  posts: (slug: string, page: number) => ['promo', slug, 'posts', page] as const,
  /** The owner's list of followers at a follower count: a new follower makes it another list. */
  followers: (slug: string, count: number) => ['promo', slug, 'followers', count] as const,
  stats: (slug: string) => ['promo', slug, 'stats'] as const,
};
