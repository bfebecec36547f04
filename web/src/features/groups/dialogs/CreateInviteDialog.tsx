import type { Group } from '@linkhive/shared/domain';
import { createGroupSchema, groupMessages as m, inviteSchema } from '@linkhive/shared/domain';
import { useFirstErrorFocus, useNotify, validate } from '@linkhive/shared/ui';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { api } from '../../../api';
import { FailureAlert, toFailure, type Failure } from '../failure';

export type CreateMode = 'create' | 'invite';

interface Props {
  open: boolean;
  /** The groups the user owns: only these take invitations. */
  owned: Group[];
  /** Preselected in invite mode. */
  defaultGroupId: string | null;
  onClose: () => void;
  /** After a group was created: the page opens it. */
  onCreated: (group: Group) => void;
}

type Errors = Partial<Record<'name' | 'email' | 'groupId', string>>;

/** Create & Invite: a new group (optionally inviting one address at once), or an invitation to an owned group. */
export function CreateInviteDialog({ open, onClose, ...rest }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-invite-title">
      {/* Mounted afresh on each opening, so it starts empty. */}
      {open && <CreateInviteForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function CreateInviteForm({ owned, defaultGroupId, onClose, onCreated }: Omit<Props, 'open'>) {
  const notify = useNotify();
  const [mode, setMode] = useState<CreateMode>('create');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [groupId, setGroupId] = useState(owned.some((g) => g.id === defaultGroupId) ? defaultGroupId! : '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const switchMode = (next: CreateMode | null) => {
    if (!next) return;
    setMode(next);
    setErrors({});
    setFailure(null);
  };

  const send = async (request: () => Promise<{ message: string }>, fallback: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await request();
      notify({ message: answer.message, severity: 'success' });
      onClose();
    } catch (error) {
      setFailure(toFailure(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const errorFocus = useFirstErrorFocus();
  const submit = errorFocus.submitting((event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'create') {
      const result = validate(createGroupSchema, { name, email });
      setErrors(result.fieldErrors);
      if (!result.data) return;
      const body = result.data;
      void send(async () => {
        const answer = await api.groups.create(body);
        onCreated(answer.group);
        return answer;
      }, m.somethingWrong);
      return;
    }
    const result = validate(inviteSchema, { email });
    const next: Errors = { ...result.fieldErrors };
    if (!groupId) next.groupId = m.selectionRequired;
    setErrors(next);
    if (!result.data || !groupId) return;
    const address = result.data.email;
    void send(() => api.groups.invite(groupId, address), m.somethingWrong);
  });

  return (
    <form ref={errorFocus.ref} noValidate onSubmit={(e) => void submit(e)} aria-label="Create & Invite">
      <DialogTitle id="create-invite-title">Create & Invite</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup
            value={mode}
            exclusive
            onChange={(_e, v: CreateMode | null) => switchMode(v)}
            aria-label="Mode"
            size="small"
            fullWidth
          >
            <ToggleButton value="create">New group</ToggleButton>
            <ToggleButton value="invite">Invite member</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'create' ? (
            <TextField
              label="Group name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              autoFocus
              fullWidth
              required
            />
          ) : (
            <TextField
              select
              label="Group"
              value={groupId}
              onChange={(e) => setGroupId(e.target.value)}
              error={Boolean(errors.groupId)}
              helperText={errors.groupId}
              fullWidth
              required
            >
              {owned.map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={mode === 'create' ? 'Email to invite (optional)' : 'Email'}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email}
            autoComplete="email"
            fullWidth
            required={mode === 'invite'}
          />
          <FailureAlert failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={busy}>
          {mode === 'create' ? 'Create' : 'Invite'}
        </Button>
      </DialogActions>
    </form>
  );
}
