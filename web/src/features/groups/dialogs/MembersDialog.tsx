import type { GroupMember, Group } from '@linkhive/shared/domain';
import { groupMessages as m } from '@linkhive/shared/domain';
import { failureMessage, useNotify } from '@linkhive/shared/ui';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../api';
import { RetryAlert } from '../../../components/RetryAlert';
import { FailureAlert, toFailure, type Failure } from '../failure';
import { groupKeys } from '../queries';

interface Props {
  group: Group | null;
  open: boolean;
  onClose: () => void;
}

/** The group's members with their role and status; the owner removes members (never themselves). */
export function MembersDialog({ group, open, onClose }: Props) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const groupId = open ? (group?.id ?? null) : null;
  // Loads again when a live update says the members changed (GroupsPage invalidates the key).
  const list = useQuery({
    queryKey: groupKeys.members(groupId ?? ''),
    queryFn: () => api.groups.members(groupId!).then(({ items }) => items),
    enabled: groupId !== null,
    // A closed dialog forgets the list: opened again, it shows the members as they are then.
    gcTime: 0,
  });
  const members = list.data ?? null;
  const error = list.isError ? failureMessage(list.error, m.membersFailed) : null;

  useEffect(() => {
    if (!open) setFailure(null);
  }, [open]);

  const remove = async (member: GroupMember) => {
    if (!group) return;
    const key = member.userId ?? member.id;
    setRemoving(key);
    setFailure(null);
    try {
      const answer = await api.groups.removeMember(group.id, key);
      notify({ message: answer.message, severity: 'success' });
      queryClient.setQueryData(groupKeys.members(group.id), (items: GroupMember[] | undefined) =>
        items?.filter((x) => x.id !== member.id),
      );
    } catch (error) {
      setFailure(toFailure(error, m.removeMemberFailed));
    } finally {
      setRemoving(null);
    }
  };

  const title = group ? `Members of ${group.name}` : 'Members';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="members-title">
      <DialogTitle id="members-title">{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <RetryAlert message={error} onRetry={() => void list.refetch()} />
        ) : !members ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading members" />
          </Box>
        ) : (
          <List aria-label={title}>
            {members.map((member) => (
              <ListItem
                key={member.id}
                disableGutters
                secondaryAction={
                  group?.isOwner && member.role !== 'owner' ? (
                    <Tooltip title={`Remove ${member.name || member.email}`}>
                      <IconButton
                        edge="end"
                        aria-label={`Remove ${member.name || member.email}`}
                        disabled={removing !== null}
                        onClick={() => void remove(member)}
                      >
                        <PersonRemoveIcon />
                      </IconButton>
                    </Tooltip>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={member.name || member.email}
                  secondary={member.name && member.email ? member.email : undefined}
                  slotProps={{ primary: { noWrap: true } }}
                  sx={{ pr: 13 }}
                />
                <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', right: 48 }}>
                  <Chip size="small" label={member.role === 'owner' ? 'Owner' : 'Member'} variant="outlined" />
                  {/* Pending in the text colour: the warning orange reads at 3:1 on white, too faint. */}
                  <Chip
                    size="small"
                    label={member.status === 'active' ? 'Active' : 'Pending'}
                    color={member.status === 'active' ? 'success' : 'default'}
                    variant="outlined"
                  />
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
        <FailureAlert failure={failure} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
