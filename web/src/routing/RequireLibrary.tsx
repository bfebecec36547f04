import { bookmarkMessages } from '@linkhive/shared/domain';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useLibrary } from '../features/bookmarks/library';
import { PageLoading } from './lazyPage';

interface Props {
  /** Starts loading the code of the pages behind this guard and of the import page, while the list loads. */
  preload: () => Promise<unknown>;
  /** The import page's code: loaded before going there, so the way there shows no empty page. */
  preloadImport: () => Promise<unknown>;
}

type Arrival = 'loading' | 'empty' | 'ready';

/**
 * /categories and /favourites: the spec sends a user with no bookmarks to /import-bookmarks. That is
 * decided here, before either page paints (issue 26: an empty account saw a blank page for a second
 * or more, then the page, then the redirect). Meanwhile a status says what is happening; a user
 * whose list is already known sees the page at once while the fresh load confirms it.
 *
 * Each arrival decides anew (keyed by path), from a load made then: the store's list may be older
 * (an import has just finished), and a later change on the page leaves the answer as it was.
 */
export function RequireLibrary(props: Props) {
  const { pathname } = useLocation();
  return <LibraryCheck key={pathname} {...props} />;
}

function LibraryCheck({ preload, preloadImport }: Props) {
  const [arrival, setArrival] = useState<Arrival>('loading');
  const known = useLibrary((s) => (s.categories?.length ?? 0) > 0);

  useEffect(() => {
    let live = true;
    // A failed chunk load shows its own error once the page is rendered; nothing to do here.
    preload().catch(() => {});
    useLibrary
      .getState()
      .loadCategories()
      .then(
        async () => {
          const empty = !useLibrary.getState().categories?.length;
          if (empty) await preloadImport().catch(() => {});
          if (live) setArrival(empty ? 'empty' : 'ready');
        },
        // The page shows what it can without the list; no redirect on a failed load.
        () => live && setArrival('ready'),
      );
    return () => {
      live = false;
    };
  }, [preload, preloadImport]);

  if (arrival === 'empty') {
    // The status stays up while the router moves on: Navigate draws nothing, and a frame of nothing
    // is the blank page of issue 26.
    return (
      <>
        <PageLoading label={bookmarkMessages.openingLibrary} />
        <Navigate to="/import-bookmarks" replace />
      </>
    );
  }
  if (arrival === 'loading' && !known) {
    // The same status as while this guard's code loaded: the text stays put until the page shows.
    return <PageLoading label={bookmarkMessages.openingLibrary} />;
  }
  return <Outlet />;
}
