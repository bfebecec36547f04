import type { Bookmark, BookmarkListQuery, Page } from '@linkhive/shared/domain';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { useLibrary } from './library';

export interface ListState {
  page: Page<Bookmark> | null;
  loading: boolean;
  error: string | null;
}

/**
 * One page of bookmarks for a query; loads again when the query or the library changes, keeps the
 * last answer on screen meanwhile, and ignores answers that arrive after a newer query.
 */
export function useBookmarkList(query: BookmarkListQuery, opts: { pollWhilePending?: boolean } = {}): ListState {
  const version = useLibrary((s) => s.version);
  const [state, setState] = useState<ListState>({ page: null, loading: true, error: null });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api.bookmarks.list(JSON.parse(key) as BookmarkListQuery).then(
      (page) => live && setState({ page, loading: false, error: null }),
      (e: Error) => live && setState((s) => ({ ...s, loading: false, error: e.message })),
    );
    return () => {
      live = false;
    };
  }, [key, version, tick]);

  // Screenshots are taken after the save answers: look again until they are there.
  const pending = opts.pollWhilePending && state.page?.items.some((b) => b.screenshotStatus === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setTick((t) => t + 1), 2000);
    return () => clearTimeout(timer);
  }, [pending, state.page]);

  return state;
}
