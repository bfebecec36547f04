import type { PostPage } from '@linkhive/shared/domain';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';

export type PostsState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: PostPage };

/** One page of a promo page's posts, newest first, five a page. */
export function usePosts(slug: string) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<PostsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api.promo.posts(slug, page).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) =>
        live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [slug, page, attempt]);

  /** Loads the page shown again, or the first one, where a new post appears. */
  const reload = useCallback((first = false) => {
    if (first) setPage(1);
    setAttempt((n) => n + 1);
  }, []);

  return { page, setPage, state, reload };
}
