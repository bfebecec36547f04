import { ApiError } from '@linkhive/shared/api';
import { promoMessages } from '@linkhive/shared/domain';
import type { PromoPage } from '@linkhive/shared/domain';
import { useEffect, useState } from 'react';
import { api } from '../../api';

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
  const [state, setState] = useState<ShareTarget>(slug ? { status: 'loading' } : { status: 'ready', page: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!slug) return;
    let live = true;
    api.promo.page(slug, source ? { source } : {}).then(
      (page) => {
        if (!live) return;
        if (page.advert.ownerId !== ownerId) {
          setState({ status: 'invalid', problem: 'Promotor: not the owner of this promo page' });
        } else setState({ status: 'ready', page });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ status: 'invalid', problem: `Promo page: ${promoMessages.notFound.toLowerCase()}` });
        } else setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [slug, ownerId, source, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { target: state, retry };
}
