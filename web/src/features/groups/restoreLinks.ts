import { restoredNotice, trashMessages } from '@linkhive/shared/domain';
import type { Notify } from '@linkhive/shared/ui';
import { api } from '../../api';

/**
 * Puts links back from the group's trash (Undo after a delete, the 'Deleted Links' dialog) and says
 * how it went; answers whether any came back.
 */
export async function restoreGroupLinks(groupId: string, ids: string[], notify: Notify): Promise<boolean> {
  try {
    const answer = await api.groups.restoreLinks(groupId, ids);
    notify(restoredNotice(answer));
    return answer.restored > 0;
  } catch {
    notify({ message: trashMessages.failed, severity: 'error' });
    return false;
  }
}
