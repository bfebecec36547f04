import { useEffect, useState } from 'react';
import { queueKey, readQueue, type QueuedSave } from '../core/queue';
import { platform } from './extension';

/** The saves waiting for the server, kept current as the worker sends them. */
export function usePendingSaves(): QueuedSave[] {
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
