// The promo pages' rules that need no zod (the page itself loads them): limits, paging and the
// share link.
import { limits } from './constants.js';

export const promoLimits = {
  postsPerPage: 5,
  postTitleMax: 100,
  /** Plain-text characters of a post. */
  postContentMax: 10_000,
  /** A post as sent, markup included; the JSON body limit (100 kB) stops anything bigger first. */
  postHtmlMax: 90_000,
  postsPerMinute: 10,
  /**
   * Posts one account may store in any 24 hours (issue 24): far above a business's news, it stops a
   * script that keeps under the per-minute limit from filling followers' pages all day.
   */
  postsPerDay: 50,
  followsPerMinute: 30,
  statsDays: 30,
  /** The card's description preview on the landing page, then an ellipsis. */
  cardPreview: 200,
  /** The page's meta description. */
  metaDescription: 160,
  /** The promo title on the QR page. */
  qrTitle: 50,
  followerNoticeMs: 3000,
} as const;

/** Added to the share link a Connect QR code encodes, so that scans are counted apart from visits. */
export const qrSource = 'qr';

/**
 * The promo share link: the share path with url, title, category, connect_uid and slug. Opening it
 * adds the promotor's site to the visitor's bookmarks and follows the promotor.
 */
export function promoShareUrl(
  origin: string,
  advert: { link: string; title: string; category: string; slug: string; ownerId: string },
  source?: string,
): string {
  const params = new URLSearchParams({
    url: advert.link,
    title: advert.title.slice(0, limits.titleMax),
    category: advert.category,
    connect_uid: advert.ownerId,
    slug: advert.slug,
  });
  if (source) params.set('source', source);
  return `${origin.replace(/\/+$/, '')}/share?${params}`;
}

/** The first `max` characters of a text, plus an ellipsis when it was longer. */
export function preview(text: string, max: number = promoLimits.cardPreview): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}
