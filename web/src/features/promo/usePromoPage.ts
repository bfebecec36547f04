import { ApiError } from '@linkhive/shared/api';
import type { PromoPage } from '@linkhive/shared/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { promoKeys } from './queries';

export type PromoPageState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: PromoPage };

/**
 * An approved advert's page as the signed-in visitor (or nobody) sees it. An unknown or unapproved
 * slug sends the visitor to /promote, as the spec asks. After a sign-up in the follow dialog the
 * page calls `reload`: reloading on every change of the session store would race the dialog's own
 * follow request and could show its state from before the follow.
 */
export function usePromoPage(slug: string, source?: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A QR scan is counted once, on the first load, not again when the visitor signs up.
  const pendingSource = useRef(source);

  const query = useQuery({
    queryKey: promoKeys.page(slug),
    queryFn: async () => {
      const page = await api.promo.page(slug, pendingSource.current ? { source: pendingSource.current } : {});
      pendingSource.current = undefined;
      return page;
    },
    // The visitor's view as it is now (following, owner): opened again, the page loads afresh
    // behind its spinner instead of showing an old answer.
    gcTime: 0,
  });

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (notFound) void navigate('/promote', { replace: true });
  }, [notFound, navigate]);

  // A load under way after a failure (Retry) shows the spinner; a 404 shows it until the redirect.
  const state: PromoPageState =
    query.isError && !query.isFetching && !notFound
      ? { status: 'error', message: query.error.message }
      : query.data && !query.isError
        ? { status: 'ready', page: query.data }
        : { status: 'loading' };

  /** Takes the follow state an API answer gave, without loading the page again. */
  const patch = useCallback(
    (change: Partial<Omit<PromoPage, 'advert'>>) => {
      queryClient.setQueryData<PromoPage>(promoKeys.page(slug), (page) => page && { ...page, ...change });
    },
    [queryClient, slug],
  );

  /** Loads the page again; `quiet` keeps the page on screen meanwhile (after a sign-up). */
  const reload = useCallback(
    (quiet = false) => {
      const filters = { queryKey: promoKeys.page(slug), exact: true };
      // Resetting drops the answer on screen, so the spinner shows until the new one is in.
      void (quiet ? queryClient.invalidateQueries(filters) : queryClient.resetQueries(filters));
    },
    [queryClient, slug],
  );

  return { state, patch, reload };
}
