import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { problemOf } from '../../core/problems';

/** One answer of a paged list: a page's items and how many there are in all. */
interface PageAnswer<T> {
  items: T[];
  total: number;
}

export interface Pages<T> {
  /** The pages loaded so far, in order. */
  items: T[];
  total: number;
  /** A page is on its way: the first, the next, or the loaded ones again after a change. */
  loading: boolean;
  error: string | null;
  loadMore: () => void;
}

/**
 * A list the server gives a page at a time (the side panel's bookmarks, a group's links, which may
 * hold thousands): the first page, then one more on `loadMore`. Invalidating `queryKey` loads the
 * pages on screen again, keeping them shown meanwhile; a new key (another search, another group)
 * starts again at its first page. Only the answers of the key on screen ever show.
 */
export function usePages<T>({
  queryKey,
  load,
  enabled = true,
  keepShown = false,
}: {
  queryKey: QueryKey;
  load: (page: number) => Promise<PageAnswer<T>>;
  enabled?: boolean;
  /** The last key's list stays on screen while a new key's first page loads (a new search, not another group). */
  keepShown?: boolean;
}): Pages<T> {
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: PageAnswer<T>, all: PageAnswer<T>[]) =>
      all.reduce((n, page) => n + page.items.length, 0) < last.total ? all.length + 1 : undefined,
    enabled,
    placeholderData: keepShown ? keepPreviousData : undefined,
  });
  const pages = list.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items),
    total: pages[pages.length - 1]?.total ?? 0,
    loading: list.isFetching,
    // A new load clears the last failure while it runs, as a retry does.
    error: list.isError && !list.isFetching ? problemOf(list.error).message : null,
    loadMore: () => void list.fetchNextPage(),
  };
}
