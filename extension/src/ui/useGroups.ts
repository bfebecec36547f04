import type { Group } from '@linkhive/shared/domain';
import { useEffect, useState } from 'react';
import { problemOf } from '../core/problems';
import { api } from './extension';

export interface GroupsState {
  /** Owned first, as the server orders them. */
  groups: Group[];
  loading: boolean;
  error: string | null;
}

/** The workspace groups the user belongs to, loaded once per page. */
export function useGroups(enabled = true): GroupsState {
  const [state, setState] = useState<GroupsState>({ groups: [], loading: enabled, error: null });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api.groups().then(
      (groups) => live && setState({ groups, loading: false, error: null }),
      (e: unknown) => live && setState({ groups: [], loading: false, error: problemOf(e).message }),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}
