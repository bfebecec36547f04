import type { Group } from '@linkhive/shared/domain';
import { groupMessages as m, renameGroupSchema } from '@linkhive/shared/domain';
import { useFirstErrorFocus, useNotify, validate } from '@linkhive/shared/ui';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { api } from '../../../api';
import { FailureAlert, toFailure, type Failure } from '../failure';

interface Props {
  group: Group | null;
  open: boolean;
  onClose: () => void;
  onRenamed: () => void;
  /** Delete Group: the page asks for confirmation. */
  onDelete: () => void;
}

/** Rename the group (owner); Delete Group leads to its confirmation. */
export function EditGroupDialog({ group, open, onClose, onRenamed, onDelete }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-group-title">
      <DialogTitle id="edit-group-title">Edit Group</DialogTitle>
      {open && group && <RenameForm group={group} onClose={onClose} onRenamed={onRenamed} onDelete={onDelete} />}
    </Dialog>
  );
}

function RenameForm({ group, onClose, onRenamed, onDelete }: Omit<Props, 'open'> & { group: Group }) {
  const notify = useNotify();
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFocus = useFirstErrorFocus();
  const submit = errorFocus.submitting(async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(renameGroupSchema, { name });
    setError(result.fieldErrors.name);
    if (!result.data || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.groups.rename(group.id, result.data.name);
      notify({ message: answer.message, severity: 'success' });
      onRenamed();
      onClose();
    } catch (e) {
      setFailure(toFailure(e, m.somethingWrong));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form ref={errorFocus.ref} noValidate aria-label="Edit Group" onSubmit={(e) => void submit(e)}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Group name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            required
            autoFocus
            fullWidth
          />
          <FailureAlert failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button color="error" onClick={onDelete}>
          Delete Group
        </Button>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save
          </Button>
        </Stack>
      </DialogActions>
    </form>
  );
}
