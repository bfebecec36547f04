import { Dialog, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import { mobileBreakpointPx } from '../../domain/index.js';
import type { Bookmark } from '../../domain/index.js';
import { EditBookmarkForm } from './EditBookmarkForm.js';
import type { EditBookmarkFormProps } from './EditBookmarkForm.js';

export interface EditBookmarkDialogProps extends Omit<EditBookmarkFormProps, 'bookmark' | 'onCancel'> {
  /** The bookmark being edited; keep it set while the dialog closes so the form does not vanish mid-animation. */
  bookmark: Bookmark | null;
  /** Defaults to whether a bookmark is given. */
  open?: boolean;
  onClose: () => void;
}

export function EditBookmarkDialog({ bookmark, open = bookmark !== null, onClose, ...form }: EditBookmarkDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${mobileBreakpointPx - 0.05}px)`);
  return (
    <Dialog open={open && bookmark !== null} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>Edit Bookmark</DialogTitle>
      <DialogContent>
        {bookmark && <EditBookmarkForm key={bookmark.id} bookmark={bookmark} onCancel={onClose} {...form} />}
      </DialogContent>
    </Dialog>
  );
}
