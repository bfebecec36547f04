import { bookmarkMessages } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { SaveOutcome } from './saver';

/** Notifications whose click should open the options page: the fix is there (sign in, update). */
export const actionPrefix = 'linkhive-action-';

export function noteFor(outcome: SaveOutcome): { title: string; message: string; needsAction: boolean } {
  switch (outcome.kind) {
    case 'saved':
      return { title: bookmarkMessages.bookmarkedTitle, message: outcome.message, needsAction: false };
    case 'duplicate':
      return { title: 'Already saved', message: outcome.message, needsAction: false };
    case 'rejected':
      return { title: 'Not saved', message: outcome.message, needsAction: false };
    case 'queued':
      if (outcome.reason === 'signed-out')
        return { title: 'Sign in to Linkhive', message: outcome.message, needsAction: true };
      if (outcome.reason === 'outdated')
        return { title: 'Update Linkhive', message: outcome.message, needsAction: true };
      return { title: 'Saved for later', message: outcome.message, needsAction: false };
  }
}

/** How many saves' notifications are remembered, so that the same one is never shown twice. */
const rememberedNotes = 200;

/**
 * Tells the user what became of a save made without the popup (context menu, shortcut, retry).
 * One notification per save and outcome: its id comes from the save (the waiting-list entry), so a
 * later outcome of the same save replaces the earlier note, and retries that overlap (an alarm, a tab
 * switch and the popup, sharing one round of sending) do not show it again.
 */
export function createNotifier(p: Platform) {
  let n = 0;
  const shown = new Set<string>();

  /** True the first time a save's outcome is told; false after (then it is not shown again). */
  function firstTime(outcome: SaveOutcome): boolean {
    if (!outcome.saveId) return true;
    const key = `${outcome.saveId}:${outcome.kind}`;
    if (shown.has(key)) return false;
    shown.add(key);
    if (shown.size > rememberedNotes) shown.delete(shown.values().next().value!);
    return true;
  }

  const show = (note: { title: string; message: string; needsAction: boolean }, saveId?: string) =>
    p.notifications.show(
      `${note.needsAction ? actionPrefix : 'linkhive-'}${saveId ? `save-${saveId}` : `${Date.now()}-${++n}`}`,
      note,
    );

  return {
    async report(outcome: SaveOutcome) {
      if (firstTime(outcome)) await show(noteFor(outcome), outcome.saveId);
    },
    /** After a retry: the one save that went out, or how many did. Saves still waiting say nothing new. */
    async reportDelivered(outcomes: SaveOutcome[]) {
      const done = outcomes.filter((o) => o.kind !== 'queued').filter(firstTime);
      if (done.length === 1) await show(noteFor(done[0]!), done[0]!.saveId);
      else if (done.length > 1) {
        const saved = done.filter((o) => o.kind === 'saved').length;
        await show(
          {
            title: bookmarkMessages.bookmarkedTitle,
            message: `${saved} of ${done.length} waiting links have been saved to Linkhive`,
            needsAction: false,
          },
          done[0]!.saveId && `${done[0]!.saveId}-and-more`,
        );
      }
    },
    cannotSave: (message: string) => show({ title: 'Not saved', message, needsAction: false }),
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
