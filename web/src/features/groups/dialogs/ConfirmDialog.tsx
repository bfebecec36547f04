import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { FailureAlert, toFailure, type Failure } from '../failure';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Resolves when done (the dialog closes); a rejection is shown in the dialog with `fallback`. */
  onConfirm: () => Promise<unknown>;
  fallback: string;
  onClose: () => void;
}

/** The second step before something that cannot be undone; Cancel has the focus so that Enter is safe. */
export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, fallback, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const titleId = useId();
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(toFailure(error, fallback));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: failure ? 2 : 0 }}>{text}</DialogContentText>
        <FailureAlert failure={failure} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} color="error" variant="contained" loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
