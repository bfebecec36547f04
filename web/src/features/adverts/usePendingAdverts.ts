import type { PendingAdvert } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import { failureMessage, useNotify } from '@linkhive/shared/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api';
import { advertKeys } from './queries';

/** The adverts waiting for approval; an approved or rejected one leaves the list. */
export function usePendingAdverts() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: advertKeys.pending,
    queryFn: async () => (await api.admin.pendingAdverts()).items,
    // Asked on each visit: other admins approve meanwhile.
    gcTime: 0,
  });
  const [busyId, setBusyId] = useState<string | null>(null);
  // Try again shows the list loading, not the failure, until the new answer.
  const loadError =
    pending.error && !pending.isFetching ? failureMessage(pending.error, advertMessages.updateFailed) : null;

  async function act(advert: PendingAdvert, action: 'approve' | 'reject'): Promise<boolean> {
    setBusyId(advert.id);
    try {
      await (action === 'approve' ? api.admin.approveAdvert(advert.id) : api.admin.rejectAdvert(advert.id));
      queryClient.setQueryData<PendingAdvert[]>(advertKeys.pending, (list) => list?.filter((a) => a.id !== advert.id));
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

  return { items: pending.data ?? null, loadError, reload: () => void pending.refetch(), busyId, act };
}
