import { normaliseLink } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import { createExclusive } from './exclusive';

/** A save as the extension sends it: already checked with the shared schema. */
export interface SaveDraft {
  link: string;
  title: string;
  category: string;
  favourite: boolean;
  rssFeed: string | null;
  /** 'page': the browser gave the title (kept whole, up to 1,000 characters); absent: a person typed it. */
  titleFrom?: 'typed' | 'page';
}

/** Whose a save is: the server it was made for and the signed-in user then (null: nobody was signed in). */
export interface SaveOwner {
  serverUrl: string;
  userId: string | null;
}

/**
 * A save waiting for the server, kept in extension storage until the server has answered it. It is
 * sent only with the session of the same server and user it was made with; saves queued before this
 * was recorded carry no owner (undefined) and go with whichever session sends them.
 */
export interface QueuedSave extends SaveDraft, Partial<SaveOwner> {
  id: string;
  queuedAt: string;
  attempts: number;
  /** The last reason it could not be sent, as shown beside it. */
  problem: string | null;
}

export const queueKey = 'queue';
export const retryAlarm = 'linkhive-retry';
/** Chrome runs alarms at most every 30 seconds; events (tab changes, the popup) retry sooner. */
export const retryMinutes = 0.5;

const exclusive = createExclusive();

export async function readQueue(p: Platform): Promise<QueuedSave[]> {
  return (await p.storage.local.get<QueuedSave[]>(queueKey)) ?? [];
}

const sameLink = (a: string, b: string) => {
  try {
    return normaliseLink(a) === normaliseLink(b);
  } catch {
    return a === b;
  }
};

/**
 * Whether the signed-in `account` may send this save: the same server and the same user. A save made
 * while nobody was signed in goes with the first user who signs in to its server (they were asked to).
 */
export function belongsTo(item: QueuedSave, account: SaveOwner): boolean {
  if (account.userId === null) return false;
  return (
    (item.serverUrl ?? account.serverUrl) === account.serverUrl && (item.userId ?? account.userId) === account.userId
  );
}

/**
 * Whether a waiting save is shown to `viewer` (the popup's list, the badge's ellipsis): only to the
 * account that may send it, so that another user of the browser neither reads its title nor gets a
 * 'Send now' that cannot send it. Signed out, one sees only the saves made while signed out.
 */
export function visibleTo(item: QueuedSave, viewer: SaveOwner): boolean {
  if (viewer.userId !== null) return belongsTo(item, viewer);
  return (item.serverUrl ?? viewer.serverUrl) === viewer.serverUrl && item.userId === null;
}

/**
 * Puts saves in the queue before they are sent, in one write, so a worker stopped mid-request loses
 * nothing. Answers each save's entry, in order.
 */
export function enqueue(
  p: Platform,
  drafts: readonly SaveDraft[],
  owner: SaveOwner,
  now = new Date(),
): Promise<QueuedSave[]> {
  return exclusive(async () => {
    // A copy: the stored array itself may be what a storage change reports as the old value.
    const queue = [...(await readQueue(p))];
    // The owner's two fields only: a save's account also carries its token, which never goes in the queue.
    const { serverUrl, userId } = owner;
    const entries = drafts.map((draft) => {
      // The same address twice while offline is one save: the newer choice of title and category
      // wins. Only within one account: another user's save of it stays theirs.
      const at = queue.findIndex(
        (q) => sameLink(q.link, draft.link) && q.serverUrl === serverUrl && q.userId === userId,
      );
      if (at >= 0) return (queue[at] = { ...queue[at]!, ...draft });
      const item: QueuedSave = {
        ...draft,
        serverUrl,
        userId,
        id: crypto.randomUUID(),
        queuedAt: now.toISOString(),
        attempts: 0,
        problem: null,
      };
      queue.push(item);
      return item;
    });
    await p.storage.local.set(queueKey, queue);
    return entries;
  });
}

export function dequeue(p: Platform, id: string): Promise<void> {
  return exclusive(async () => {
    const queue = await readQueue(p);
    await p.storage.local.set(
      queueKey,
      queue.filter((q) => q.id !== id),
    );
  });
}

export function noteAttempt(p: Platform, id: string, problem: string): Promise<void> {
  return exclusive(async () => {
    const queue = await readQueue(p);
    await p.storage.local.set(
      queueKey,
      queue.map((q) => (q.id === id ? { ...q, attempts: q.attempts + 1, problem } : q)),
    );
  });
}

/** Whether a save of this address waits for the server, among those `viewer` sees. */
export async function isQueued(p: Platform, link: string, viewer: SaveOwner): Promise<boolean> {
  return (await readQueue(p)).some((q) => sameLink(q.link, link) && visibleTo(q, viewer));
}
