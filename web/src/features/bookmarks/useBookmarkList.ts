import type { Bookmark, BookmarkListQuery, Page } from '@linkhive/shared/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { bookmarkKeys } from './queries';

export interface ListState {
  page: Page<Bookmark> | null;
  loading: boolean;
  error: string | null;
}

/** How often a list with screenshots still being taken looks again. */
const screenshotPollMs = 2000;

/**
 * One page of bookmarks for a query; loads again when the query changes or the bookmarks change
 * (library.ts invalidates `bookmarkKeys.all`), and keeps the last answer on screen meanwhile.
 */
export function useBookmarkList(query: BookmarkListQuery, opts: { pollWhilePending?: boolean } = {}): ListState {
  const list = useQuery({
    queryKey: bookmarkKeys.list(query),
    queryFn: () => api.bookmarks.list(query),
    placeholderData: keepPreviousData,
    // Screenshots are taken after the save answers: look again until they are there.
    refetchInterval: (q) =>
      opts.pollWhilePending && q.state.data?.items.some((b) => b.screenshotStatus === 'pending')
        ? screenshotPollMs
        : false,
  });
  return { page: list.data ?? null, loading: list.isFetching, error: list.error?.message ?? null };
}
