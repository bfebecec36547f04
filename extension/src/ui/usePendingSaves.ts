import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queueKey, readQueue, visibleTo, type QueuedSave } from '../core/queue';
import { platform } from './extension';
import { localKeys } from './queries';
import { useExtensionSession } from './session';

/**
 * The saves waiting for the server that the signed-in account may send (or, signed out, those made
 * signed out), kept current as the worker sends them: another user's saves are not shown.
 */
export function usePendingSaves(): QueuedSave[] {
  return usePendingSavesState().items;
}

/**
 * usePendingSaves with whether the list has been read yet: until then it is empty, which must not
 * be taken for 'the save has gone out'.
 */
export function usePendingSavesState(): { items: QueuedSave[]; loaded: boolean } {
  const serverUrl = useExtensionSession((s) => s.settings.serverUrl);
  const userId = useExtensionSession((s) => s.session?.userId ?? null);
  const ready = useExtensionSession((s) => s.ready);
  const queue = useQueue();
  return {
    items: ready && queue ? queue.filter((item) => visibleTo(item, { serverUrl, userId })) : [],
    loaded: ready && queue !== null,
  };
}

/** The waiting list as stored, null until first read. */
function useQueue(): QueuedSave[] | null {
  const queryClient = useQueryClient();
  const queue = useQuery({ queryKey: localKeys.pendingSaves, queryFn: () => readQueue(platform) });
  // A change says what the list is now: a read still on its way, begun before it, is dropped first
  // (cancelled, it never lands), so an older list never shows over a newer one.
  useEffect(
    () =>
      platform.storage.onChange('local', queueKey, (value) => {
        void queryClient.cancelQueries({ queryKey: localKeys.pendingSaves });
        queryClient.setQueryData(localKeys.pendingSaves, (value as QueuedSave[] | undefined) ?? []);
      }),
    [queryClient],
  );
  return queue.data ?? null;
}
