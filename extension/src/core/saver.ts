import { bookmarkMessages, createBookmarkSchema, type Bookmark } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { ExtensionApi } from './api';
import type { Account } from './auth';
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

/**
 * What became of a save. `saveId` is the waiting-list entry it was made as: the same save, whether
 * it went out at once or on a later retry (a notification is shown once per save and outcome).
 */
export type SaveOutcome =
  | { kind: 'saved'; bookmark: Bookmark; message: string; saveId?: string }
  | { kind: 'duplicate'; message: string; bookmark: Bookmark | null; saveId?: string }
  | { kind: 'queued'; reason: ProblemKind; message: string; item: QueuedSave; saveId?: string }
  | { kind: 'rejected'; message: string; field?: string; saveId?: string };

/** What the popup, the shortcut and the context menu hand over: the shared schema cleans it. */
export interface SaveInput {
  link: string;
  title: string;
  category: string;
  favourite?: boolean;
  rssFeed?: string | null;
  /** 'page' for a title the browser gave (the tab's title, a link's text): see createBookmarkSchema. */
  titleFrom?: 'typed' | 'page';
}

export interface Saver {
  save(input: SaveInput): Promise<SaveOutcome>;
  /**
   * Several saves at once ('Save all tabs'): all in the waiting list first, then sent `concurrency`
   * at a time; once the server is out of reach the rest are not sent and wait for a retry. Outcomes
   * in the order of `inputs`.
   */
  saveMany(inputs: readonly SaveInput[], options: { concurrency: number }): Promise<SaveOutcome[]>;
  /**
   * Sends what waits in the queue for the signed-in user on this server, oldest first. A server error
   * moves on to the next save; no connection, no session or an outdated extension stop the round.
   */
  flush(): Promise<SaveOutcome[]>;
}

/**
 * The save flow. A save goes into the queue first and leaves it only when the server has answered
 * it: created, or refused for good (a duplicate, an invalid link). Anything else (no connection, a
 * server that does not answer by the request's deadline, an ended session, an outdated extension, a
 * server error) keeps it queued and sets an alarm.
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
    /** Told after each attempt, with its account and outcome, so that the badge and the side panel follow. */
    changed?: (link: string, account: Account, outcome: SaveOutcome) => unknown;
    /**
     * Told when saves are in the waiting list, before they are sent: the badge shows them as waiting
     * while a slow server holds the request. Not awaited: the send does not wait for the badge.
     */
    queued?: (links: string[], account: Account) => Promise<unknown>;
  },
): Saver {
  const { api, savedUrls } = deps;

  async function attempt(item: QueuedSave, account: Account): Promise<SaveOutcome> {
    const saveId = item.id;
    try {
      const { link, title, category, favourite, rssFeed, titleFrom } = item;
      // Sent with this account's token, and only when the save is this account's.
      const owner = { serverUrl: item.serverUrl ?? account.serverUrl, userId: item.userId ?? account.userId };
      const values = titleFrom === 'page' ? { titleFrom, title } : { title };
      const bookmark = await api.create({ link, ...values, category, favourite, rssFeed }, account, owner);
      await dequeue(p, item.id);
      await Promise.all([savedUrls.remember(bookmark), rememberCategory(p, bookmark.category)]);
      const message = bookmarkMessages.bookmarked(bookmark.title, bookmark.category);
      return { kind: 'saved', bookmark, message, saveId };
    } catch (error) {
      const problem = problemOf(error);
      if (problem.kind === 'duplicate') {
        await dequeue(p, item.id);
        const existing = await api.lookup(item.link, account).catch(() => null);
        if (existing) await savedUrls.remember(existing);
        return { kind: 'duplicate', message: problem.message, bookmark: existing, saveId };
      }
      if (!staysQueued(problem.kind)) {
        await dequeue(p, item.id);
        return { kind: 'rejected', message: problem.message, field: problem.field, saveId };
      }
      const message = queuedMessage(problem.kind, problem.message);
      await noteAttempt(p, item.id, message);
      await p.alarms.every(retryAlarm, retryMinutes);
      return { kind: 'queued', reason: problem.kind, message, item, saveId };
    }
  }

  /**
   * The sends under way, by waiting-list entry. There is no lock over all sending: a request the
   * server never answers (until its deadline) holds up only its own save. A flush passes over an
   * entry being sent; a newer save of that same address waits for that one send to end, so that the
   * address is never posted twice at once (the second would come back as a duplicate).
   */
  const inFlight = new Map<string, Promise<SaveOutcome>>();

  function send(item: QueuedSave, account: Account): Promise<SaveOutcome> {
    const running = (async () => {
      try {
        return await attempt(item, account);
      } finally {
        inFlight.delete(item.id); // only one send of an entry runs at a time: this one
      }
    })().then(async (outcome) => {
      await deps.changed?.(item.link, account, outcome);
      return outcome;
    });
    inFlight.set(item.id, running);
    return running;
  }

  /**
   * A newer save of an address whose older save went out meanwhile with the older choice: the newer
   * title, category and favourite win, as they would have in the waiting list.
   */
  async function amend(earlier: SaveOutcome, draft: SaveDraft, account: Account): Promise<SaveOutcome> {
    if (earlier.kind !== 'saved') return earlier;
    const { bookmark } = earlier;
    // Only what differs: an edit's title follows the typed 50-character rule, and a page's long title
    // that is already the bookmark's must not be sent again as if typed.
    const changes = Object.fromEntries(
      (['title', 'category', 'favourite'] as const).filter((k) => bookmark[k] !== draft[k]).map((k) => [k, draft[k]]),
    );
    if (Object.keys(changes).length === 0) return earlier;
    try {
      const updated = await api.update(bookmark.id, changes, account);
      await savedUrls.remember(updated);
      const message = bookmarkMessages.bookmarked(updated.title, updated.category);
      const amended: SaveOutcome = { ...earlier, bookmark: updated, message };
      await deps.changed?.(updated.link, account, amended);
      return amended;
    } catch {
      return earlier; // saved all the same, with the choice made first
    }
  }

  let flushing: Promise<SaveOutcome[]> | null = null;

  async function flushQueue(): Promise<SaveOutcome[]> {
    const outcomes: SaveOutcome[] = [];
    const account = await deps.account();
    if (account.userId === null) return outcomes;
    for (const { id } of await readQueue(p)) {
      // As it is now: a save may have sent it (gone) or changed it meanwhile.
      const item = (await readQueue(p)).find((q) => q.id === id);
      // Another account's or another server's save stays queued, untouched, for its own session;
      // one being sent already is left to that send.
      if (!item || !belongsTo(item, account) || inFlight.has(id)) continue;
      const outcome = await send(item, account);
      outcomes.push(outcome);
      // One 'still offline' (or signed out, or outdated) is enough to know: the rest would only wait
      // the same. A server error may be about this save alone: the next ones still go.
      if (outcome.kind === 'queued' && outcome.reason !== 'server') break;
    }
    if (!(await readQueue(p)).some((q) => belongsTo(q, account))) await p.alarms.clear(retryAlarm);
    return outcomes;
  }

  function told(queued: QueuedSave | QueuedSave[], account: Account) {
    const links = [queued].flat().map((q) => q.link);
    void deps.queued?.(links, account).catch((e: unknown) => console.error('Linkhive:', e));
  }

  /** The shared schema's check of a save, before anything is queued: an invalid save would never go out. */
  function check(input: SaveInput): { draft: SaveDraft } | { refused: SaveOutcome } {
    const checked = createBookmarkSchema.safeParse({ favourite: false, rssFeed: null, ...input });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return { refused: { kind: 'rejected', message: issue.message, field: issue.path.map(String)[0] } };
    }
    const { promotor: _promotor, ...draft } = checked.data;
    return { draft };
  }

  /** Sends a save that is in the waiting list, or follows a send of it that a retry has under way. */
  async function deliver(queued: QueuedSave, draft: SaveDraft, account: Account): Promise<SaveOutcome> {
    if (!inFlight.has(queued.id)) return send(queued, account);
    // A retry is sending this address already: wait for it (its deadline bounds the wait), then
    // send what is still waiting, or bring the saved bookmark to this newer choice.
    let earlier: SaveOutcome | undefined;
    for (;;) {
      const running = inFlight.get(queued.id);
      if (running) {
        earlier = await running;
        continue;
      }
      const item = (await readQueue(p)).find((q) => q.id === queued.id);
      if (!item) return amend(earlier!, draft, account);
      if (!inFlight.has(item.id)) return send(item, account);
    }
  }

  return {
    async save(input) {
      const checked = check(input);
      if ('refused' in checked) return checked.refused;
      const account = await deps.account();
      // In the durable waiting list before anything is sent: a hung request, a stopped worker or a
      // closed popup loses nothing.
      const [queued] = await enqueue(p, [checked.draft], account);
      told(queued!, account);
      return deliver(queued!, checked.draft, account);
    },
    async saveMany(inputs, { concurrency }) {
      const outcomes: SaveOutcome[] = [];
      const valid: { at: number; draft: SaveDraft }[] = [];
      inputs.forEach((input, at) => {
        const checked = check(input);
        if ('refused' in checked) outcomes[at] = checked.refused;
        else valid.push({ at, draft: checked.draft });
      });
      const account = await deps.account();
      // All in the waiting list in one write before the first is sent: a worker stopped half-way
      // through fifty tabs loses none of them.
      const queued = await enqueue(
        p,
        valid.map((v) => v.draft),
        account,
      );
      told(queued, account);
      let next = 0;
      let stopped: Extract<SaveOutcome, { kind: 'queued' }> | null = null;
      const lane = async () => {
        while (!stopped && next < valid.length) {
          const i = next++;
          const outcome = await deliver(queued[i]!, valid[i]!.draft, account);
          outcomes[valid[i]!.at] = outcome;
          // As a flush: one 'out of reach' (or signed out, or outdated) says the rest would only wait.
          if (outcome.kind === 'queued' && outcome.reason !== 'server') stopped = outcome;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, valid.length) }, lane));
      // Not sent: they wait in the list, as the one that stopped the round does, for the next retry.
      valid.forEach(({ at }, i) => {
        if (!outcomes[at] && stopped) outcomes[at] = { ...stopped, item: queued[i]!, saveId: queued[i]!.id };
      });
      return outcomes;
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
