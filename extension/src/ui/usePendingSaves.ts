import { useEffect, useState } from 'react';
import { queueKey, readQueue, visibleTo, type QueuedSave } from '../core/queue';
import { platform } from './extension';
import { useExtensionSession } from './session';

/**
 * The saves waiting for the server that the signed-in account may send (or, signed out, those made
 * signed out), kept current as the worker sends them: another user's saves are not shown.
 */
export function usePendingSaves(): QueuedSave[] {
  const serverUrl = useExtensionSession((s) => s.settings.serverUrl);
  const userId = useExtensionSession((s) => s.session?.userId ?? null);
  const ready = useExtensionSession((s) => s.ready);
  const queue = useQueue();
  return ready ? queue.filter((item) => visibleTo(item, { serverUrl, userId })) : [];
}

function useQueue(): QueuedSave[] {
  const [queue, setQueue] = useState<QueuedSave[]>([]);
  useEffect(() => {
    let live = true;
    void readQueue(platform).then((q) => live && setQueue(q));
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
