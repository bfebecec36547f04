import type { Bookmark, RecommendationList } from '@linkhive/shared/domain';
import { ApiError, recommendationMessages, recommendationRules } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../api';
import { recommendationKeys } from './queries';
import { browserRegion } from './region';

export interface RecommendationsState {
  /** The bookmark the drawer is (or was last) about; kept while the drawer closes so its title stays. */
  bookmark: Bookmark | null;
  open: boolean;
  loading: boolean;
  list: RecommendationList | null;
  error: string | null;
}

/** Unpaid accounts get the reason; every other failure reads the same (raw errors are never shown). */
const errorText = (e: unknown) =>
  e instanceof ApiError && e.status === 403 ? recommendationMessages.paidOnly : recommendationMessages.unavailable;

/**
 * Loads a bookmark's recommended websites, then opens the drawer (the row's button shows progress
 * meanwhile). A failure raises the error snackbar for 5 s and opens the drawer on its Retry.
 */
export function useRecommendations() {
  const notify = useNotify();
  const [drawer, setDrawer] = useState<{ bookmark: Bookmark | null; open: boolean }>({ bookmark: null, open: false });
  const request = useMutation({
    mutationKey: recommendationKeys.all,
    mutationFn: (bookmark: Bookmark) => api.bookmarks.recommendations(bookmark.id, { region: browserRegion() }),
  });
  const { mutate, reset, isPending } = request;

  const load = useCallback(
    (bookmark: Bookmark, opening: boolean) => {
      setDrawer((d) => ({ bookmark, open: opening ? false : d.open }));
      // The callbacks given to mutate run for the latest request only: an earlier one's answer (another
      // bookmark) is dropped.
      mutate(bookmark, {
        onSuccess: () => setDrawer({ bookmark, open: true }),
        onError: (e) => {
          notify({ message: errorText(e), severity: 'error', duration: recommendationRules.errorSnackbarMs });
          setDrawer({ bookmark, open: true });
        },
      });
    },
    [mutate, notify],
  );

  const show = useCallback((bookmark: Bookmark) => load(bookmark, true), [load]);
  const retry = useCallback(() => {
    if (drawer.bookmark) load(drawer.bookmark, false);
  }, [load, drawer.bookmark]);
  const close = useCallback(() => {
    // A request under way is let go (its answer is dropped); a finished one stays shown while the drawer closes.
    if (isPending) reset();
    setDrawer((d) => ({ ...d, open: false }));
  }, [isPending, reset]);

  const state: RecommendationsState = {
    ...drawer,
    loading: isPending,
    list: request.data ?? null,
    error: request.isError ? errorText(request.error) : null,
  };
  /** The bookmark whose button shows progress: loading before the drawer has opened. */
  const recommendingId = state.loading && !state.open ? (state.bookmark?.id ?? null) : null;
  return { state, show, retry, close, recommendingId };
}
