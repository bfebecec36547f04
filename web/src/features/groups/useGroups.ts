import type { Group, GroupLinkPage, SearchScope } from '@linkhive/shared/domain';
import { groupMessages as m, groupRules } from '@linkhive/shared/domain';
import { failureMessage, useDebounced } from '@linkhive/shared/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { groupKeys } from './queries';

export type Phase = 'loading' | 'ready' | 'failed';

interface GroupsState {
  phase: Phase;
  items: Group[];
  error: string | null;
}

interface LinksState {
  phase: Phase;
  data: GroupLinkPage | null;
  error: string | null;
}

/**
 * The workspace page's data: the user's groups, the open group, and one page of its links for the
 * search on screen (everywhere: titles, addresses and the links' pages; or titles only). Only the page on screen is loaded, so a group of 10,000 links opens as fast as
 * one of ten. Both come from the server-data cache (`groupKeys`); live updates and changes reload
 * them through `reloadGroups` and `reloadLinks`.
 */
export function useGroups() {
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), groupRules.searchDebounceMs);
  const [scope, setScope] = useState<SearchScope>('all');
  // Titles only matters to a search: without one, the list is the same either way.
  const searchIn: SearchScope = q && scope === 'title' ? 'title' : 'all';

  // The group or the settled search changing goes back to page 1.
  const filterKey = JSON.stringify([activeId, q, searchIn]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  if (paging.key !== filterKey) setPaging({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = useCallback((n: number) => setPaging((p) => ({ ...p, page: n })), []);

  const list = useQuery({ queryKey: groupKeys.list, queryFn: () => api.groups.list().then(({ items }) => items) });
  // A failed load shows its retry; loading again after it shows the spinner, not the old failure.
  const groups: GroupsState =
    list.isError && !list.isFetching
      ? { phase: 'failed', items: [], error: failureMessage(list.error, m.loadGroupsFailed) }
      : list.data && !list.isError
        ? { phase: 'ready', items: list.data, error: null }
        : { phase: 'loading', items: [], error: null };

  // The open group stays open while it exists; otherwise the first group opens.
  useEffect(() => {
    const items = list.data;
    if (items) setActiveId((id) => (id && items.some((g) => g.id === id) ? id : (items[0]?.id ?? null)));
  }, [list.data]);

  /** Loads the groups again; answers them, or null when the load failed. */
  const reloadGroups = useCallback(async (): Promise<Group[] | null> => {
    await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    const state = queryClient.getQueryState<Group[]>(groupKeys.list);
    return state?.status === 'success' ? (state.data ?? null) : null;
  }, [queryClient]);

  const links = useQuery({
    queryKey: groupKeys.links(activeId ?? '', q, page, searchIn),
    queryFn: ({ signal }) =>
      api.groups.links(
        activeId!,
        {
          q: q || undefined,
          in: searchIn === 'title' ? 'title' : undefined,
          page,
          pageSize: groupRules.linkPageSize,
        },
        { signal },
      ),
    enabled: activeId !== null,
  });

  // The page emptied since it was chosen (its last link deleted here or by the owner elsewhere):
  // step back to the last page that has links rather than show an empty one. The page on screen
  // stays meanwhile; with no links left at all, page 1 says so. Always at least one page back, so
  // that a total the items contradict cannot stall the list.
  const emptied = links.data && !links.data.items.length && page > 1 ? links.data : null;
  useEffect(() => {
    if (emptied) setPage(Math.max(1, Math.min(page - 1, Math.ceil(emptied.total / emptied.pageSize))));
  }, [emptied, page, setPage]);
  // What is on screen: the last page of the open group that had links. Another page or search of
  // that group stays while the next loads; a different group's links are never shown.
  const shown = useRef<{ groupId: string | null; data: GroupLinkPage | null }>({ groupId: null, data: null });
  if (links.data && !emptied) shown.current = { groupId: activeId, data: links.data };
  const onScreen = shown.current.groupId === activeId ? shown.current.data : null;

  const linksState: LinksState = links.isError
    ? { phase: 'failed', data: null, error: failureMessage(links.error, m.somethingWrong) }
    : { phase: links.isFetching || emptied || !onScreen ? 'loading' : 'ready', data: onScreen, error: null };

  /** Loads the page on screen again, keeping it shown meanwhile (live updates, after a change). */
  const reloadLinks = useCallback(() => {
    if (activeId) void queryClient.invalidateQueries({ queryKey: groupKeys.linksOf(activeId) });
  }, [queryClient, activeId]);

  const select = useCallback((id: string) => {
    setActiveId(id);
    setSearch('');
  }, []);

  const active = groups.items.find((g) => g.id === activeId) ?? null;

  return {
    groups,
    active,
    activeId,
    select,
    search,
    setSearch,
    scope,
    setScope,
    q,
    page,
    setPage,
    links: linksState,
    reloadGroups,
    reloadLinks,
  };
}

export type GroupsView = ReturnType<typeof useGroups>;
