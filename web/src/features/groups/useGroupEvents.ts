import type { GroupEvent } from '@linkhive/shared/domain';
import { useEffect, useRef } from 'react';
import { api } from '../../api';

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
 * `onReopen` runs each time the stream opens again after its first opening: the replay covers only
 * groups the user still belongs to, so a group deleted while the stream was down never reaches its
 * former members, and the page has to ask again.
 */
export function useGroupEvents(onEvent: (event: GroupEvent) => void, onReopen?: () => void) {
  // The latest handlers, so that new functions each render do not reopen the stream.
  const latest = useRef({ onEvent, onReopen });
  useEffect(() => {
    latest.current = { onEvent, onReopen };
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(api.groups.eventsUrl(), { withCredentials: true });
    source.onmessage = (message: MessageEvent) => {
      const event = parse(message.data);
      if (event) latest.current.onEvent(event);
    };
    // The first opening follows the page's own first load, so there is nothing to catch up on yet.
    let opened = false;
    source.onopen = () => {
      if (opened) latest.current.onReopen?.();
      opened = true;
    };
    return () => source.close();
  }, []);
}
