import { Dialog, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import { mobileBreakpointPx } from '../../domain/index.js';
import { AddBookmarkForm } from './AddBookmarkForm.js';
import type { AddBookmarkFormProps } from './AddBookmarkForm.js';

export interface AddBookmarkDialogProps extends Omit<AddBookmarkFormProps, 'onCancel' | 'active'> {
  open: boolean;
  /** Cancel, Escape and a click outside; the host decides where the user goes (e.g. back to a promo page). */
  onClose: () => void;
}

/**
 * The 'Add Link' dialog. The form inside mounts afresh each time the dialog opens, so it starts
 * from `initial` every time; closing aborts a page lookup at once, not after the closing animation.
 */
export function AddBookmarkDialog({ open, onClose, ...form }: AddBookmarkDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${mobileBreakpointPx - 0.05}px)`);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>Add Link</DialogTitle>
      <DialogContent>
        <AddBookmarkForm {...form} active={open} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}
