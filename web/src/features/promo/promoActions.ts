import { promoPath, promoShareUrl } from '@linkhive/shared/domain';
import { api } from '../../api';

/** The promo page's public address, the one people share. */
export const promoPageUrl = (slug: string, origin = window.location.origin) => `${origin}${promoPath(slug)}`;

/**
 * The promo share link (the share page with url, title, category, connect_uid and slug) for the
 * current origin. The adverts list carries no owner id, so the promo page answer supplies it.
 */
export async function promoShareTarget(slug: string, source?: string, origin = window.location.origin) {
  const { advert } = await api.promo.page(slug);
  return promoShareUrl(origin, advert, source);
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * Shares through the system's share sheet, or copies the link where there is none (most desktop
 * browsers) or it refuses ('method not supported', a missing permission). Closing the sheet is the
 * user's answer, so nothing is copied behind their back then.
 */
export async function shareLink(url: string, title: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
