import type { Bookmark, RecommendationList } from '@linkhive/shared/domain';
import { ApiError, recommendationMessages, recommendationRules } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../api';
import { browserRegion } from './region';

export interface RecommendationsState {
  /** The bookmark the drawer is (or was last) about; kept while the drawer closes so its title stays. */
  bookmark: Bookmark | null;
  open: boolean;
  loading: boolean;
  list: RecommendationList | null;
  error: string | null;
}

const closed: RecommendationsState = { bookmark: null, open: false, loading: false, list: null, error: null };

/**
 * Loads a bookmark's recommended websites, then opens the drawer (the row's button shows progress
 * meanwhile). A failure raises the error snackbar for 5 s and opens the drawer on its Retry.
 */
export function useRecommendations() {
  const notify = useNotify();
  const [state, setState] = useState<RecommendationsState>(closed);
  // Answers to an earlier request (another bookmark, a closed drawer) are dropped.
  const latest = useRef(0);

  const load = useCallback(
    (bookmark: Bookmark, opening: boolean) => {
      const request = ++latest.current;
      setState((s) => ({ bookmark, open: opening ? false : s.open, loading: true, list: null, error: null }));
      api.bookmarks.recommendations(bookmark.id, { region: browserRegion() }).then(
        (list) => {
          if (request === latest.current) setState({ bookmark, open: true, loading: false, list, error: null });
        },
        (e: unknown) => {
          if (request !== latest.current) return;
          // Unpaid accounts get the reason; every other failure reads the same (raw errors are never shown).
          const error =
            e instanceof ApiError && e.status === 403
              ? recommendationMessages.paidOnly
              : recommendationMessages.unavailable;
          notify({ message: error, severity: 'error', duration: recommendationRules.errorSnackbarMs });
          setState({ bookmark, open: true, loading: false, list: null, error });
        },
      );
    },
    [notify],
  );

  const show = useCallback((bookmark: Bookmark) => load(bookmark, true), [load]);
  const retry = useCallback(() => {
    if (state.bookmark) load(state.bookmark, false);
  }, [load, state.bookmark]);
  const close = useCallback(() => {
    latest.current++;
    setState((s) => ({ ...s, open: false, loading: false }));
  }, []);

  /** The bookmark whose button shows progress: loading before the drawer has opened. */
  const recommendingId = state.loading && !state.open ? (state.bookmark?.id ?? null) : null;
  return { state, show, retry, close, recommendingId };
}
