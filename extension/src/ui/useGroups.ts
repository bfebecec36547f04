import type { Group } from '@linkhive/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { problemOf } from '../core/problems';
import { api } from './extension';
import { groupKeys } from './queries';

export interface GroupsState {
  /** Owned first, as the server orders them. */
  groups: Group[];
  loading: boolean;
  error: string | null;
}

const none: Group[] = [];

/** The workspace groups the user belongs to; `enabled` false: not asked for yet. */
export function useGroups(enabled = true): GroupsState {
  const list = useQuery({ queryKey: groupKeys.list, queryFn: () => api.groups(), enabled });
  if (list.isError) return { groups: none, loading: false, error: problemOf(list.error).message };
  return { groups: list.data ?? none, loading: enabled && list.isPending, error: null };
}
