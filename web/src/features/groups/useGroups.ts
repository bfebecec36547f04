import type { GroupLinkPage, Group } from '@linkhive/shared/domain';
import { groupMessages as m, groupRules } from '@linkhive/shared/domain';
import { failureMessage, useDebounced } from '@linkhive/shared/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';

export type Phase = 'loading' | 'ready' | 'failed';

interface GroupsState {
  phase: Phase;
  items: Group[];
  error: string | null;
}

interface LinksState {
  /** The query the page on screen answers; a different group's page is never shown. */
  key: string | null;
  groupId: string | null;
  phase: Phase;
  data: GroupLinkPage | null;
  error: string | null;
}

/**
 * The workspace page's data: the user's groups, the open group, and one page of its links for the
 * search on screen. Only the page on screen is loaded, so a group of 10,000 links opens as fast as
 * one of ten.
 */
export function useGroups() {
  const [groups, setGroups] = useState<GroupsState>({ phase: 'loading', items: [], error: null });
  const [activeId, setActiveId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), groupRules.searchDebounceMs);
  const [linksVersion, setLinksVersion] = useState(0);

  // The group or the settled search changing goes back to page 1.
  const filterKey = JSON.stringify([activeId, q]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  if (paging.key !== filterKey) setPaging({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = useCallback((n: number) => setPaging((p) => ({ ...p, page: n })), []);

  const loadSeq = useRef(0);
  const reloadGroups = useCallback(async (): Promise<Group[] | null> => {
    const seq = ++loadSeq.current;
    setGroups((g) => ({ ...g, phase: g.items.length ? g.phase : 'loading', error: null }));
    try {
      const { items } = await api.groups.list();
      if (seq !== loadSeq.current) return null;
      setGroups({ phase: 'ready', items, error: null });
      // The open group stays open while it exists; otherwise the first group opens.
      setActiveId((id) => (id && items.some((g) => g.id === id) ? id : (items[0]?.id ?? null)));
      return items;
    } catch (error) {
      if (seq === loadSeq.current)
        setGroups({ phase: 'failed', items: [], error: failureMessage(error, m.loadGroupsFailed) });
      return null;
    }
  }, []);

  useEffect(() => {
    void reloadGroups();
  }, [reloadGroups]);

  const [links, setLinks] = useState<LinksState>({
    key: null,
    groupId: null,
    phase: 'loading',
    data: null,
    error: null,
  });
  const linksKey = JSON.stringify([activeId, q, page, linksVersion]);
  useEffect(() => {
    if (!activeId) return;
    const controller = new AbortController();
    setLinks((l) => ({ ...l, phase: 'loading', error: null }));
    api.groups
      .links(activeId, { q: q || undefined, page, pageSize: groupRules.linkPageSize }, { signal: controller.signal })
      .then(
        (data) => {
          if (controller.signal.aborted) return;
          if (!data.items.length && page > 1) {
            // The page emptied since it was chosen (its last link deleted here or by the owner
            // elsewhere): step back to the last page that has links rather than show an empty one.
            // The page on screen stays meanwhile; with no links left at all, page 1 says so. Always
            // at least one page back, so that a total the items contradict cannot stall the list.
            setPage(Math.max(1, Math.min(page - 1, Math.ceil(data.total / data.pageSize))));
            return;
          }
          setLinks({ key: linksKey, groupId: activeId, phase: 'ready', data, error: null });
        },
        (error) => {
          if (controller.signal.aborted) return;
          setLinks({
            key: linksKey,
            groupId: activeId,
            phase: 'failed',
            data: null,
            error: failureMessage(error, m.somethingWrong),
          });
        },
      );
    return () => controller.abort();
    // linksKey stands for the values it is made of.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linksKey]);

  /** Loads the page on screen again, keeping it shown meanwhile (live updates, after a change). */
  const reloadLinks = useCallback(() => setLinksVersion((v) => v + 1), []);

  const select = useCallback((id: string) => {
    setActiveId(id);
    setSearch('');
  }, []);

  const active = groups.items.find((g) => g.id === activeId) ?? null;
  const linksShown = links.groupId === activeId ? links : { ...links, data: null, phase: 'loading' as Phase };

  return {
    groups,
    active,
    activeId,
    select,
    search,
    setSearch,
    q,
    page,
    setPage,
    links: linksShown,
    reloadGroups,
    reloadLinks,
  };
}

export type GroupsView = ReturnType<typeof useGroups>;
