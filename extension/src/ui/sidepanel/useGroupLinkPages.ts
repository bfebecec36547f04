import { groupRules, type GroupLink } from '@linkhive/shared/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onBookmarksChanged } from '../../core/changes';
import { problemOf } from '../../core/problems';
import { api, platform } from '../extension';

interface Pages {
  items: GroupLink[];
  total: number;
  page: number;
  loading: boolean;
  error: string | null;
}

const empty: Pages = { items: [], total: 0, page: 1, loading: false, error: null };

/** A group's links a page at a time (a group may hold thousands); '' loads nothing. */
export function useGroupLinkPages(groupId: string) {
  const [pages, setPages] = useState<Pages>(empty);
  // Switching groups while a page is on its way: only the last request may change the list.
  const latest = useRef(0);

  const load = useCallback(
    async (page: number, append: boolean) => {
      const asked = ++latest.current;
      if (!groupId) return setPages(empty);
      setPages((s) => ({ ...(append ? s : empty), loading: true, error: null }));
      try {
        const answer = await api.groupLinks(groupId, { page, pageSize: groupRules.linkPageSize });
        if (asked !== latest.current) return;
        setPages((s) => ({
          items: append ? [...s.items, ...answer.items] : answer.items,
          total: answer.total,
          page,
          loading: false,
          error: null,
        }));
      } catch (e) {
        if (asked === latest.current) setPages((s) => ({ ...s, loading: false, error: problemOf(e).message }));
      }
    },
    [groupId],
  );

  useEffect(() => {
    void load(1, false);
  }, [load]);
  // A save into a group from the popup: the first page again, with the new link at its top.
  useEffect(() => onBookmarksChanged(platform, () => void load(1, false)), [load]);

  return { ...pages, loadMore: () => load(pages.page + 1, true) };
}
