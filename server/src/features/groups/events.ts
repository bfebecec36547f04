import type { GroupEventKind } from '@linkhive/shared/domain';

/** One change to a group, as the live-update stream tells it (see GroupEvent in shared). */
export interface GroupChange {
  groupId: string;
  kind: Exclude<GroupEventKind, 'resync'>;
  /** For 'removed': the one user it concerns. */
  userId?: string | null;
}

/**
 * Where the groups service reports its changes. Called after the change's transaction has
 * committed, so a listener that reloads sees the new state. The implementation logs the change
 * (for clients that reconnect) and wakes every server process's listeners.
 */
export interface GroupEvents {
  publish(change: GroupChange): Promise<void>;
}
