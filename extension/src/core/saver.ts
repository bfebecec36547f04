import { bookmarkMessages, createBookmarkSchema, type Bookmark } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { ExtensionApi } from './api';
import { problemOf, queuedMessage, staysQueued, type ProblemKind } from './problems';
import {
  dequeue,
  enqueue,
  noteAttempt,
  readQueue,
  retryAlarm,
  retryMinutes,
  type QueuedSave,
  type SaveDraft,
} from './queue';
import { rememberCategory } from './recentCategories';
import type { SavedUrls } from './savedUrls';

export type SaveOutcome =
  | { kind: 'saved'; bookmark: Bookmark; message: string }
  | { kind: 'duplicate'; message: string; bookmark: Bookmark | null }
  | { kind: 'queued'; reason: ProblemKind; message: string; item: QueuedSave }
  | { kind: 'rejected'; message: string; field?: string };

/** What the popup, the shortcut and the context menu hand over: the shared schema cleans it. */
export interface SaveInput {
  link: string;
  title: string;
  category: string;
  favourite?: boolean;
  rssFeed?: string | null;
}

export interface Saver {
  save(input: SaveInput): Promise<SaveOutcome>;
  /** Sends what waits in the queue, oldest first; stops at the first save that must wait again. */
  flush(): Promise<SaveOutcome[]>;
}

/**
 * The save flow. A save goes into the queue first and leaves it only when the server has answered
 * it: created, or refused for good (a duplicate, an invalid link). Anything else (no connection,
 * an ended session, an outdated extension, a server error) keeps it queued and sets an alarm.
 */
export function createSaver(
  p: Platform,
  deps: {
    api: ExtensionApi;
    savedUrls: SavedUrls;
    /** Whether a token is at hand; without one the queue waits for a sign-in instead of asking. */
    signedIn: () => Promise<boolean>;
    /** Told after each attempt, so that the badge of that address follows. */
    changed?: (link: string) => unknown;
  },
): Saver {
  const { api, savedUrls } = deps;

  async function send(item: QueuedSave): Promise<SaveOutcome> {
    try {
      const { link, title, category, favourite, rssFeed } = item;
      const bookmark = await api.create({ link, title, category, favourite, rssFeed });
      await dequeue(p, item.id);
      await Promise.all([savedUrls.remember(bookmark), rememberCategory(p, bookmark.category)]);
      return { kind: 'saved', bookmark, message: bookmarkMessages.bookmarked(bookmark.title, bookmark.category) };
    } catch (error) {
      const problem = problemOf(error);
      if (problem.kind === 'duplicate') {
        await dequeue(p, item.id);
        const existing = await api.lookup(item.link).catch(() => null);
        if (existing) await savedUrls.remember(existing);
        return { kind: 'duplicate', message: problem.message, bookmark: existing };
      }
      if (!staysQueued(problem.kind)) {
        await dequeue(p, item.id);
        return { kind: 'rejected', message: problem.message, field: problem.field };
      }
      await noteAttempt(p, item.id, queuedMessage(problem.kind, problem.message));
      await p.alarms.every(retryAlarm, retryMinutes);
      return { kind: 'queued', reason: problem.kind, message: queuedMessage(problem.kind, problem.message), item };
    } finally {
      await deps.changed?.(item.link);
    }
  }

  let flushing: Promise<SaveOutcome[]> | null = null;

  async function flushQueue(): Promise<SaveOutcome[]> {
    const outcomes: SaveOutcome[] = [];
    if (!(await deps.signedIn())) return outcomes;
    for (const item of await readQueue(p)) {
      const outcome = await send(item);
      outcomes.push(outcome);
      // One 'still offline' is enough to know: the rest would only wait for the same timeout.
      if (outcome.kind === 'queued') break;
    }
    if ((await readQueue(p)).length === 0) await p.alarms.clear(retryAlarm);
    return outcomes;
  }

  return {
    async save(input) {
      // The same rules as the server, before anything is queued: an invalid save would never go out.
      const checked = createBookmarkSchema.safeParse({ favourite: false, rssFeed: null, ...input });
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        return { kind: 'rejected', message: issue.message, field: issue.path.map(String)[0] };
      }
      const { promotor: _promotor, ...draft } = checked.data;
      const item = await enqueue(p, draft satisfies SaveDraft);
      return send(item);
    },
    flush() {
      // One flush at a time: events arrive in bursts (tab switches), the queue is sent once.
      flushing ??= flushQueue().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}
