/**
 * The promo pages' keys in the server-data cache, all under the page's slug, and the search over
 * the approved pages (the landing page's carousel, the QR tool's picker).
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
  advertSearch: (query: string) => ['promo-search', query] as const,
  /** A QR code's image, drawn in the page (no server): the same text and size is the same image. */
  qrCode: (text: string | null, size: number) => ['qr-code', text, size] as const,
};
