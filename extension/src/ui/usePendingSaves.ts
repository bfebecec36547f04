import { useEffect, useState } from 'react';
import { queueKey, readQueue, visibleTo, type QueuedSave } from '../core/queue';
import { platform } from './extension';
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
  const [queue, setQueue] = useState<QueuedSave[] | null>(null);
  useEffect(() => {
    let live = true;
    void readQueue(platform).then((q) => live && setQueue((current) => current ?? q));
    const stop = platform.storage.onChange('local', queueKey, (value) => {
      if (live) setQueue((value as QueuedSave[] | undefined) ?? []);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return queue;
}
