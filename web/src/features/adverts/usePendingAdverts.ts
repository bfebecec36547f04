import type { PendingAdvert } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import { failureMessage, useNotify } from '@linkhive/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';

/** The adverts waiting for approval; an approved or rejected one leaves the list. */
export function usePendingAdverts() {
  const notify = useNotify();
  const [items, setItems] = useState<PendingAdvert[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    api.admin.pendingAdverts().then(
      (r) => setItems(r.items),
      (e: unknown) => setLoadError(failureMessage(e, advertMessages.updateFailed)),
    );
  }, []);
  useEffect(load, [load]);

  async function act(advert: PendingAdvert, action: 'approve' | 'reject'): Promise<boolean> {
    setBusyId(advert.id);
    try {
      await (action === 'approve' ? api.admin.approveAdvert(advert.id) : api.admin.rejectAdvert(advert.id));
      setItems((list) => list?.filter((a) => a.id !== advert.id) ?? null);
      notify({
        message: action === 'approve' ? advertMessages.approved : advertMessages.rejected,
        severity: 'success',
      });
      return true;
    } catch (e) {
      // Flagged since the list was loaded, or the check could not run: the server's message says which.
      notify({ message: failureMessage(e, advertMessages.updateFailed), severity: 'error' });
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return { items, loadError, reload: load, busyId, act };
}
