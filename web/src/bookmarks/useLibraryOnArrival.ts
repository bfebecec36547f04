import { useEffect, useState } from 'react';
import { useLibrary } from './library';

export type LibraryOnArrival = 'loading' | 'empty' | 'some' | 'unknown';

/**
 * Whether the user has any bookmarks, from a load made when the page opens. The store's list may be
 * older than that (an import may have just finished), and a redirect must not follow a stale one;
 * a later change on the page (deleting the last link) leaves the answer as it was on arrival.
 */
export function useLibraryOnArrival(): LibraryOnArrival {
  const loadCategories = useLibrary((s) => s.loadCategories);
  const [state, setState] = useState<LibraryOnArrival>('loading');
  useEffect(() => {
    let live = true;
    loadCategories().then(
      () => live && setState(useLibrary.getState().categories?.length ? 'some' : 'empty'),
      // The page shows what it can without the list; no redirect on a failed load.
      () => live && setState('unknown'),
    );
    return () => {
      live = false;
    };
  }, [loadCategories]);
  return state;
}
