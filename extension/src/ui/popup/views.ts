import { extensionMessages, type Bookmark } from '@linkhive/shared/domain';
import type { QueuedSave } from '../../core/queue';
import type { SaveOutcome } from '../../core/saver';

/** What the popup's page section shows (SaveCurrentTab). */
export type View =
  | { kind: 'checking' }
  /**
   * `checking`: the server has not said yet whether the page is saved; the form is usable meanwhile.
   * `deleted`: the bookmark just deleted from here, which Undo brings back from the trash.
   */
  | { kind: 'form'; warning?: string; note?: string; checking?: boolean; deleted?: Bookmark }
  /** Remembered as saved; the server has not confirmed it yet (or cannot: `warning`). */
  | { kind: 'remembered'; category: string; warning?: string }
  | { kind: 'saved'; bookmark: Bookmark; note: string }
  /** Saved by this popup a moment ago: editable in place, with Undo. */
  | { kind: 'justSaved'; bookmark: Bookmark; note: string }
  | { kind: 'groupSaved'; message: string; groupName: string }
  | { kind: 'waiting'; message: string; item: Pick<QueuedSave, 'id' | 'title' | 'category'> }
  | { kind: 'unsupported' }
  | { kind: 'outdated'; message: string };

/** What the popup shows for a save's outcome; null: the form shows the refusal itself. */
export function viewOf(outcome: SaveOutcome, fresh: boolean): View | null {
  switch (outcome.kind) {
    case 'saved':
      return { kind: fresh ? 'justSaved' : 'saved', bookmark: outcome.bookmark, note: outcome.message };
    case 'duplicate':
      return outcome.bookmark
        ? {
            kind: 'saved',
            bookmark: outcome.bookmark,
            note: extensionMessages.alreadySavedIn(outcome.bookmark.category),
          }
        : { kind: 'form', warning: outcome.message };
    case 'queued':
      if (outcome.reason === 'outdated') return { kind: 'outdated', message: outcome.message };
      return { kind: 'waiting', message: outcome.message, item: outcome.item };
    case 'rejected':
      return null;
  }
}
