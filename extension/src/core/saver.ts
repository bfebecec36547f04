import { bookmarkMessages, createBookmarkSchema, type Bookmark } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { ExtensionApi } from './api';
import type { Account } from './auth';
import { createExclusive } from './exclusive';
import { problemOf, queuedMessage, staysQueued, type ProblemKind } from './problems';
import {
  belongsTo,
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
  /**
   * Sends what waits in the queue for the signed-in user on this server, oldest first. A server error
   * moves on to the next save; no connection, no session or an outdated extension stop the round.
   */
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
    /**
     * The server saves go to and the signed-in user there (null when nobody is), with their token:
     * read once per save (and once per flush) and handed to every step of it. A queued save is sent
     * only with the session it was made with; without one the queue waits for a sign-in.
     */
    account: () => Promise<Account>;
    /** Told after each attempt, with the account it was made with, so that the badge of that address follows. */
    changed?: (link: string, account: Account) => unknown;
  },
): Saver {
  const { api, savedUrls } = deps;

  async function send(item: QueuedSave, account: Account): Promise<SaveOutcome> {
    try {
      const { link, title, category, favourite, rssFeed } = item;
      // Sent with this account's token, and only when the save is this account's.
      const owner = { serverUrl: item.serverUrl ?? account.serverUrl, userId: item.userId ?? account.userId };
      const bookmark = await api.create({ link, title, category, favourite, rssFeed }, account, owner);
      await dequeue(p, item.id);
      await Promise.all([savedUrls.remember(bookmark), rememberCategory(p, bookmark.category)]);
      return { kind: 'saved', bookmark, message: bookmarkMessages.bookmarked(bookmark.title, bookmark.category) };
    } catch (error) {
      const problem = problemOf(error);
      if (problem.kind === 'duplicate') {
        await dequeue(p, item.id);
        const existing = await api.lookup(item.link, account).catch(() => null);
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
      await deps.changed?.(item.link, account);
    }
  }

  /**
   * Sending is one item at a time, shared by save and flush: a save that updates a queued item and a
   * retry of that item must not both send it (the second would come back as a duplicate).
   */
  const sending = createExclusive();

  let flushing: Promise<SaveOutcome[]> | null = null;

  async function flushQueue(): Promise<SaveOutcome[]> {
    const outcomes: SaveOutcome[] = [];
    const account = await deps.account();
    if (account.userId === null) return outcomes;
    for (const { id } of await readQueue(p)) {
      const outcome = await sending(async () => {
        // As it is now: a save may have sent it (gone) or changed it meanwhile.
        const item = (await readQueue(p)).find((q) => q.id === id);
        // Another account's or another server's save stays queued, untouched, for its own session.
        return item && belongsTo(item, account) ? send(item, account) : null;
      });
      if (!outcome) continue;
      outcomes.push(outcome);
      // One 'still offline' (or signed out, or outdated) is enough to know: the rest would only wait
      // the same. A server error may be about this save alone: the next ones still go.
      if (outcome.kind === 'queued' && outcome.reason !== 'server') break;
    }
    if (!(await readQueue(p)).some((q) => belongsTo(q, account))) await p.alarms.clear(retryAlarm);
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
      return sending(async () => {
        const account = await deps.account();
        return send(await enqueue(p, draft satisfies SaveDraft, account), account);
      });
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
