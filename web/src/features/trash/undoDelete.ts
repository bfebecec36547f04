import { duplicateMessages, trashMessages } from '@linkhive/shared/domain';
import type { Notification, Notify } from '@linkhive/shared/ui';
import { api } from '../../api';
import { libraryChanged } from '../bookmarks/library';

/** Long enough to read the notice and reach its button. */
const undoMs = 10_000;

/** Puts deleted bookmarks back from the trash, and says how it went. */
export async function restoreFromTrash(ids: string[], notify: Notify): Promise<void> {
  try {
    const { restored, savedAgain } = await api.trash.restore(ids);
    libraryChanged();
    if (savedAgain.length)
      notify({
        message: trashMessages.savedAgainMerge(savedAgain.length),
        severity: 'warning',
        duration: undoMs,
        action: { label: duplicateMessages.restoreAndMerge, onClick: () => void restoreAndMerge(savedAgain, notify) },
      });
    else notify({ message: trashMessages.restored(restored), severity: 'success' });
  } catch {
    notify({ message: trashMessages.failed, severity: 'error' });
  }
}

/**
 * 'Restore and merge' beside a restore refused because the page was saved again since: each
 * deleted bookmark comes back in place of the newer one, taking what that one carries (duplicates).
 */
async function restoreAndMerge(savedAgain: { id: string; savedAgainAs: string }[], notify: Notify): Promise<void> {
  let restored = 0;
  try {
    for (const s of savedAgain) {
      await api.duplicates.merge({ keepId: s.id, ids: [s.savedAgainAs] });
      restored++;
    }
    notify({ message: trashMessages.restored(restored), severity: 'success' });
  } catch {
    notify({ message: trashMessages.failed, severity: 'error' });
  } finally {
    if (restored) libraryChanged();
  }
}

/** The notice after a delete: the spec's 'Link Deleted', with Undo beside it. */
export function deletedNotice(ids: string[], deleted: number, notify: Notify): Notification {
  return {
    message: trashMessages.deleted(deleted),
    severity: 'error',
    duration: undoMs,
    action: { label: trashMessages.undo, onClick: () => void restoreFromTrash(ids, notify) },
  };
}
