import type { GroupEvent } from '@linkhive/shared/domain';
import { useEffect, useRef } from 'react';
import { api } from '../api';

const kinds = new Set(['links', 'members', 'group', 'deleted', 'removed', 'resync']);

function parse(data: unknown): GroupEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const e = JSON.parse(data) as Partial<GroupEvent>;
    if (typeof e.kind !== 'string' || !kinds.has(e.kind)) return null;
    return { seq: Number(e.seq ?? 0), groupId: String(e.groupId ?? ''), kind: e.kind };
  } catch {
    return null;
  }
}

/**
 * The workspace's live updates. One stream for the page's lifetime: EventSource reconnects by
 * itself and sends Last-Event-ID, so the server replays what was missed (or says `resync`).
 */
export function useGroupEvents(onEvent: (event: GroupEvent) => void) {
  // The latest handler, so that a new function each render does not reopen the stream.
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(api.groups.eventsUrl(), { withCredentials: true });
    source.onmessage = (message: MessageEvent) => {
      const event = parse(message.data);
      if (event) latest.current(event);
    };
    return () => source.close();
  }, []);
}
