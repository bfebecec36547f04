import type { PostPage } from '@linkhive/shared/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../api';
import { promoKeys } from './queries';

export type PostsState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: PostPage };

/** One page of a promo page's posts, newest first, five a page. */
export function usePosts(slug: string) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);

  const query = useQuery({
    queryKey: promoKeys.posts(slug, page),
    queryFn: () => api.promo.posts(slug, page),
    // Every load shows the spinner in place of the posts: only when the visitor asks for one.
    refetchOnReconnect: false,
  });
  // A reload or another page shows the spinner, not the posts from before.
  const state: PostsState = query.isFetching
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', message: query.error.message }
      : query.data
        ? { status: 'ready', data: query.data }
        : { status: 'loading' };

  /** Loads the page shown again, or the first one, where a new post appears. */
  const reload = useCallback(
    (first = false) => {
      if (first) setPage(1);
      // Loaded now if it is on screen, or as soon as it is (its answer is stale).
      void queryClient.invalidateQueries({ queryKey: promoKeys.posts(slug, first ? 1 : page), exact: true });
    },
    [queryClient, slug, page],
  );

  return { page, setPage, state, reload };
}
