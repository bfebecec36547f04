import { ApiError } from '@linkhive/shared/api';
import { promoMessages } from '@linkhive/shared/domain';
import type { PromoPage } from '@linkhive/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { promoKeys } from './queries';

export type ShareTarget =
  | { status: 'loading' }
  /** `page` is null for a share link without a promotor. */
  | { status: 'ready'; page: PromoPage | null }
  /** The link names a page that does not exist, or an owner that is not the page's. */
  | { status: 'invalid'; problem: string }
  | { status: 'error'; message: string };

/**
 * The promo page a share link names, checked before anything is saved: it must exist and be the
 * owner's the link says. Its `source` (the Connect QR's tag) is passed on, so that a scan is counted.
 */
export function useShareTarget(promo: { slug: string; ownerId: string } | null, source: string | null) {
  const slug = promo?.slug ?? null;
  const ownerId = promo?.ownerId ?? null;
  const query = useQuery({
    queryKey: promoKeys.shareTarget(slug ?? '', source),
    queryFn: () => api.promo.page(slug!, source ? { source } : {}),
    enabled: slug !== null,
    // Checked on arrival and on Retry only, never from an old answer: a check under way hides the
    // dialogs, and every check counts the scan again.
    gcTime: 0,
    refetchOnReconnect: false,
  });

  let target: ShareTarget;
  if (!slug) target = { status: 'ready', page: null };
  else if (query.isFetching || (!query.data && !query.isError)) target = { status: 'loading' };
  else if (query.isError) {
    target =
      query.error instanceof ApiError && query.error.status === 404
        ? { status: 'invalid', problem: `Promo page: ${promoMessages.notFound.toLowerCase()}` }
        : { status: 'error', message: query.error.message };
  } else if (query.data.advert.ownerId !== ownerId) {
    target = { status: 'invalid', problem: 'Promotor: not the owner of this promo page' };
  } else target = { status: 'ready', page: query.data };

  const retry = () => void query.refetch();
  return { target, retry };
}
