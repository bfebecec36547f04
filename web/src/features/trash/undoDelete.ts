import { trashMessages } from '@linkhive/shared/domain';
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
    if (savedAgain.length) notify({ message: trashMessages.savedAgain(savedAgain.length), severity: 'warning' });
    else notify({ message: trashMessages.restored(restored), severity: 'success' });
  } catch {
    notify({ message: trashMessages.failed, severity: 'error' });
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
