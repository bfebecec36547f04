import type { GroupLink, Group } from '@linkhive/shared/domain';
import { groupMessages as m, moveGroupLinkSchema } from '@linkhive/shared/domain';
import { useFirstErrorFocus, useNotify, validate } from '@linkhive/shared/ui';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { api } from '../../../api';
import { FailureAlert, toFailure, type Failure } from '../failure';

interface Props {
  link: GroupLink | null;
  /** The other groups the user owns. */
  targets: Group[];
  onClose: () => void;
  onMoved: () => void;
}

/** Moves a link to another group the owner owns (the server deletes and re-creates it in one go). */
export function MoveLinkDialog({ link, targets, onClose, onMoved }: Props) {
  return (
    <Dialog open={link !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="move-link-title">
      <DialogTitle id="move-link-title">Move Link</DialogTitle>
      {link && <MoveForm link={link} targets={targets} onClose={onClose} onMoved={onMoved} />}
    </Dialog>
  );
}

function MoveForm({ link, targets, onClose, onMoved }: Props & { link: GroupLink }) {
  const notify = useNotify();
  const [groupId, setGroupId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFocus = useFirstErrorFocus();
  const submit = errorFocus.submitting(async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(moveGroupLinkSchema, { groupId });
    setError(result.fieldErrors.groupId);
    if (!result.data || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.groups.moveLink(link.groupId, link.id, result.data.groupId);
      notify({ message: answer.message, severity: 'success' });
      onMoved();
      onClose();
    } catch (e) {
      setFailure(toFailure(e, m.updateLinkFailed));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form ref={errorFocus.ref} noValidate aria-label="Move Link" onSubmit={(e) => void submit(e)}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={`Move "${link.title}" to`}
            value={groupId}
            onChange={(e) => {
              setGroupId(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            fullWidth
          >
            {targets.map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          <FailureAlert failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={busy}>
          Move
        </Button>
      </DialogActions>
    </form>
  );
}
