import { bookmarkMessages } from '@linkhive/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { freshCategories, useCategories } from '../features/bookmarks/library';
import { bookmarkKeys } from '../features/bookmarks/queries';
import { PageLoading } from './lazyPage';
import { QueryProvider } from '../data/queryClient';

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
 * Each arrival decides anew (keyed by path), from a load made then: the cached list may be older
 * (an import has just finished), and a later change on the page leaves the answer as it was.
 */
export function RequireLibrary(props: Props) {
  const { pathname } = useLocation();
  return (
    <QueryProvider>
      <LibraryCheck key={pathname} {...props} />
    </QueryProvider>
  );
}

function LibraryCheck({ preload, preloadImport }: Props) {
  const { pathname } = useLocation();
  // What the cache holds from before, without loading: a known library shows its page at once.
  const known = (useCategories(false).data?.length ?? 0) > 0;
  const check = useQuery({
    queryKey: bookmarkKeys.libraryArrival(pathname),
    queryFn: async (): Promise<Arrival> => {
      // The page shows what it can without the list; no redirect on a failed load.
      const categories = await freshCategories().catch(() => null);
      if (categories?.length !== 0) return 'ready';
      await preloadImport().catch(() => {});
      return 'empty';
    },
    // Decided anew on every arrival, never from an earlier arrival's answer.
    refetchOnMount: 'always',
    gcTime: 0,
  });
  const arrival: Arrival = check.isFetchedAfterMount && check.data ? check.data : 'loading';

  useEffect(() => {
    // A failed chunk load shows its own error once the page is rendered; nothing to do here.
    preload().catch(() => {});
  }, [preload]);

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
