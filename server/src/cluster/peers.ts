import cluster from 'node:cluster';

/**
 * Wake-ups between the server processes of one machine (WEB_CONCURRENCY > 1). A message carries no
 * data, only a topic: whatever changed is in the database, which each process reads for itself.
 * The supervisor hands each message on to every other process.
 */
export interface Peers {
  broadcast(topic: PeerTopic): void;
  on(topic: PeerTopic, listener: () => void): void;
}

export type PeerTopic = 'group-events' | 'jobs';

export interface PeerMessage {
  linkhive: PeerTopic;
}

export const isPeerMessage = (m: unknown): m is PeerMessage =>
  typeof m === 'object' && m !== null && typeof (m as PeerMessage).linkhive === 'string';

/** This process's link to its siblings, or null when it runs alone. */
export function clusterPeers(): Peers | null {
  if (!cluster.isWorker || !process.send) return null;
  const listeners = new Map<PeerTopic, (() => void)[]>();
  process.on('message', (m) => {
    if (isPeerMessage(m)) for (const fn of listeners.get(m.linkhive) ?? []) fn();
  });
  return {
    broadcast(topic) {
      // A supervisor gone mid-shutdown cannot be told; the siblings poll the database anyway.
      if (process.connected) process.send?.({ linkhive: topic } satisfies PeerMessage, undefined, {}, () => {});
    },
    on(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
  };
}
