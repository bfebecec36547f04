import type { GroupLink, Group } from '@linkhive/shared/domain';
import { groupMessages as m, trashMessages } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { api } from '../../api';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { CreateInviteDialog } from './dialogs/CreateInviteDialog';
import { EditGroupDialog } from './dialogs/EditGroupDialog';
import { GroupFeedDialog } from './dialogs/GroupFeedDialog';
import { LinkDialog } from './dialogs/LinkDialog';
import { GroupTrashDialog } from './dialogs/GroupTrashDialog';
import { MembersDialog } from './dialogs/MembersDialog';
import { MoveLinkDialog } from './dialogs/MoveLinkDialog';
import { restoreGroupLinks } from './restoreLinks';

export type DialogState =
  | { kind: 'create' }
  | { kind: 'addLink' }
  | { kind: 'editLink' | 'deleteLink' | 'moveLink' | 'feed'; link: GroupLink }
  | { kind: 'members' | 'trash' | 'editGroup' | 'deleteGroup' | 'leave' }
  | null;

interface Props {
  dialog: DialogState;
  setDialog: (dialog: DialogState) => void;
  groups: Group[];
  active: Group | null;
  /** A link was added, edited, moved or deleted. */
  onLinksChanged: () => void;
  onGroupsChanged: () => void;
  onCreated: (group: Group) => void;
  /** The user is about to leave or delete this group: its live 'deleted'/'removed' event is their own doing. */
  onLeaving: (groupId: string) => void;
}

/** How long a delete's notice, and its Undo, stay: long enough to read it and reach the button. */
const undoMs = 10_000;

const linkOf = (d: DialogState, kind: 'editLink' | 'deleteLink' | 'moveLink' | 'feed') =>
  d && d.kind === kind ? d.link : null;

/** Every dialog of the workspace page; one is open at a time. */
export function GroupDialogs(props: Props) {
  const { dialog, setDialog, groups, active, onLinksChanged, onGroupsChanged, onCreated, onLeaving } = props;
  const notify = useNotify();
  const close = () => setDialog(null);
  const owned = groups.filter((g) => g.isOwner);
  const kind = dialog?.kind ?? null;
  const editing = linkOf(dialog, 'editLink');
  const deleting = linkOf(dialog, 'deleteLink');

  /** Undo in the notice of a link's delete: it comes back from the group's trash. */
  const undoDelete = async (groupId: string, linkId: string) => {
    if (await restoreGroupLinks(groupId, [linkId], notify)) onLinksChanged();
  };

  const goneWith = async (groupId: string, request: () => Promise<{ message: string }>) => {
    onLeaving(groupId);
    const answer = await request();
    notify({ message: answer.message, severity: 'success' });
    onGroupsChanged();
  };

  return (
    <>
      <CreateInviteDialog
        open={kind === 'create'}
        owned={owned}
        defaultGroupId={active?.isOwner ? active.id : null}
        onClose={close}
        onCreated={onCreated}
      />
      {active && (
        <>
          <LinkDialog
            open={kind === 'addLink' || kind === 'editLink'}
            groupId={active.id}
            link={editing}
            onClose={close}
            onSaved={onLinksChanged}
          />
          <ConfirmDialog
            open={deleting !== null}
            title="Delete Link"
            text={deleting ? `Delete "${deleting.title}" from ${active.name}?` : ''}
            confirmLabel="Delete"
            fallback={m.deleteLinkFailed}
            onConfirm={async () => {
              const groupId = active.id;
              const linkId = deleting!.id;
              const answer = await api.groups.deleteLink(groupId, linkId);
              // The spec's 'Domain Deleted', with Undo: the link waits in the group's trash.
              notify({
                message: answer.message,
                severity: 'success',
                duration: undoMs,
                action: { label: trashMessages.undo, onClick: () => void undoDelete(groupId, linkId) },
              });
              onLinksChanged();
            }}
            onClose={close}
          />
          <MoveLinkDialog
            link={linkOf(dialog, 'moveLink')}
            targets={owned.filter((g) => g.id !== active.id)}
            onClose={close}
            onMoved={onLinksChanged}
          />
          <MembersDialog group={active} open={kind === 'members'} onClose={close} />
          <GroupTrashDialog group={active} open={kind === 'trash'} onClose={close} onRestored={onLinksChanged} />
          <EditGroupDialog
            group={active}
            open={kind === 'editGroup'}
            onClose={close}
            onRenamed={onGroupsChanged}
            onDelete={() => setDialog({ kind: 'deleteGroup' })}
          />
          <ConfirmDialog
            open={kind === 'deleteGroup'}
            title="Delete Group"
            text={`Delete ${active.name}? Its members lose it at once. Its links go to your trash, from where you can restore them as your own bookmarks.`}
            confirmLabel="Delete"
            fallback={m.deleteGroupFailed}
            onConfirm={() => goneWith(active.id, () => api.groups.remove(active.id))}
            onClose={close}
          />
          <ConfirmDialog
            open={kind === 'leave'}
            title="Leave Group"
            text={`Leave ${active.name}? You will no longer see its links.`}
            confirmLabel="Leave"
            fallback={m.leaveFailed}
            onConfirm={() => goneWith(active.id, () => api.groups.leave(active.id))}
            onClose={close}
          />
        </>
      )}
      <GroupFeedDialog link={linkOf(dialog, 'feed')} onClose={close} />
    </>
  );
}
