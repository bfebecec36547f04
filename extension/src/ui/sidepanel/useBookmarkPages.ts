import type { Bookmark, BookmarkListQuery } from '@linkhive/shared/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { problemOf } from '../../core/problems';
import { api } from '../extension';

export const pageSize = 25;

interface Pages {
  items: Bookmark[];
  total: number;
  page: number;
  loading: boolean;
  error: string | null;
}

/** The filtered list, a page at a time; `version` going up loads it again after a change. */
export function useBookmarkPages(query: Omit<BookmarkListQuery, 'page' | 'pageSize'>, version: number) {
  const { q, category, favourite } = query;
  const [pages, setPages] = useState<Pages>({ items: [], total: 0, page: 1, loading: true, error: null });
  // Answers can arrive out of order (a slow first page, then a fast new search): only the last
  // request asked may change the list.
  const latest = useRef(0);

  const load = useCallback(
    async (page: number, append: boolean) => {
      const asked = ++latest.current;
      setPages((s) => ({ ...s, loading: true, error: null }));
      try {
        const answer = await api.list({ q, category, favourite, page, pageSize });
        if (asked !== latest.current) return;
        setPages((s) => ({
          items: append ? [...s.items, ...answer.items] : answer.items,
          total: answer.total,
          page,
          loading: false,
          error: null,
        }));
      } catch (e) {
        if (asked !== latest.current) return;
        setPages((s) => ({ ...s, loading: false, error: problemOf(e).message }));
      }
    },
    [q, category, favourite],
  );

  useEffect(() => {
    void load(1, false);
  }, [load, version]);

  return { ...pages, loadMore: () => load(pages.page + 1, true) };
}
