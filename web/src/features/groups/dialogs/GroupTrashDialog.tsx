import type { Group, TrashedBookmark } from '@linkhive/shared/domain';
import { trashMessages } from '@linkhive/shared/domain';
import { failureMessage, useNotify } from '@linkhive/shared/ui';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api';
import { RetryAlert } from '../../../components/RetryAlert';
import { shortDate } from '../../../layout/dates';
import { groupKeys } from '../queries';
import { restoreGroupLinks } from '../restoreLinks';

interface Props {
  group: Group | null;
  open: boolean;
  onClose: () => void;
  /** A link came back to the group. */
  onRestored: () => void;
}

/** The group's deleted links, newest first (the 100 latest), each restorable by the owner until its day. */
export function GroupTrashDialog({ group, open, onClose, onRestored }: Props) {
  const notify = useNotify();
  const [restoring, setRestoring] = useState<string | null>(null);
  const groupId = open ? (group?.id ?? null) : null;
  const trash = useQuery({
    queryKey: groupKeys.trash(groupId ?? ''),
    queryFn: () => api.groups.trash(groupId!, { pageSize: 100 }),
    enabled: groupId !== null,
    // A closed dialog forgets the list: opened again, it shows the trash as it is then.
    gcTime: 0,
  });

  const restore = async (link: TrashedBookmark) => {
    if (!group) return;
    setRestoring(link.id);
    try {
      if (await restoreGroupLinks(group.id, [link.id], notify)) onRestored();
      await trash.refetch();
    } finally {
      setRestoring(null);
    }
  };

  const title = group ? `Deleted links of ${group.name}` : 'Deleted links';
  const page = trash.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="group-trash-title">
      <DialogTitle id="group-trash-title" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        {trash.isError ? (
          <RetryAlert
            message={failureMessage(trash.error, trashMessages.failed)}
            onRetry={() => void trash.refetch()}
          />
        ) : !page ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading the deleted links" />
          </Box>
        ) : page.total === 0 ? (
          <DialogContentText>{trashMessages.empty}</DialogContentText>
        ) : (
          <>
            <DialogContentText>{trashMessages.keptFor(page.days)}</DialogContentText>
            <List aria-label={title}>
              {page.items.map((link) => (
                <ListItem key={link.id} disableGutters divider sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                  <ListItemText
                    primary={link.title}
                    secondary={`deleted ${shortDate(link.trashedAt)} · deleted for good ${shortDate(link.purgeAt)}`}
                    slotProps={{ primary: { noWrap: true, title: link.title } }}
                    sx={{ flex: '1 1 240px', minWidth: 0 }}
                  />
                  <Button
                    onClick={() => void restore(link)}
                    loading={restoring === link.id}
                    disabled={restoring !== null && restoring !== link.id}
                    aria-label={`Restore ${link.title}`}
                  >
                    Restore
                  </Button>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
