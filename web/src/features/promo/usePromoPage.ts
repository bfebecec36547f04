import { ApiError } from '@linkhive/shared/api';
import type { PromoPage } from '@linkhive/shared/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';

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
  const [state, setState] = useState<PromoPageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // A QR scan is counted once, on the first load, not again when the visitor signs up.
  const pendingSource = useRef(source);

  useEffect(() => {
    let live = true;
    const query = pendingSource.current ? { source: pendingSource.current } : {};
    api.promo.page(slug, query).then(
      (page) => {
        pendingSource.current = undefined;
        if (live) setState({ status: 'ready', page });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) void navigate('/promote', { replace: true });
        else setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [slug, attempt, navigate]);

  /** Takes the follow state an API answer gave, without loading the page again. */
  const patch = useCallback((change: Partial<Omit<PromoPage, 'advert'>>) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', page: { ...s.page, ...change } } : s));
  }, []);

  /** Loads the page again; `quiet` keeps the page on screen meanwhile (after a sign-up). */
  const reload = useCallback((quiet = false) => {
    if (!quiet) setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, patch, reload };
}
