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

/** Tells the user what became of a save made without the popup (context menu, shortcut, retry). */
export function createNotifier(p: Platform) {
  let n = 0;
  const show = (note: { title: string; message: string; needsAction: boolean }) =>
    p.notifications.show(`${note.needsAction ? actionPrefix : 'linkhive-'}${Date.now()}-${++n}`, note);

  return {
    report: (outcome: SaveOutcome) => show(noteFor(outcome)),
    /** After a retry: the one save that went out, or how many did. Saves still waiting say nothing new. */
    async reportDelivered(outcomes: SaveOutcome[]) {
      const done = outcomes.filter((o) => o.kind !== 'queued');
      if (done.length === 1) await show(noteFor(done[0]!));
      else if (done.length > 1) {
        const saved = done.filter((o) => o.kind === 'saved').length;
        await show({
          title: bookmarkMessages.bookmarkedTitle,
          message: `${saved} of ${done.length} waiting links have been saved to Linkhive`,
          needsAction: false,
        });
      }
    },
    cannotSave: (message: string) => show({ title: 'Not saved', message, needsAction: false }),
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
