import AddIcon from '@mui/icons-material/Add';
import { Fab } from '@mui/material';
import { AddLinkDialogHost } from '../features/bookmarks/AddLinkDialogHost';
import { useAddDialog } from '../features/bookmarks/addDialog';
import { QueryProvider } from '../data/queryClient';

/** The add button and the add dialog it opens (the drawer and category cards open the same one). */
export function AddLinkFab({ showButton }: { showButton: boolean }) {
  const show = useAddDialog((s) => s.show);
  return (
    <>
      {showButton && (
        <Fab
          color="secondary"
          aria-label="Add link"
          onClick={() => show()}
          sx={{ position: 'fixed', right: 24, bottom: 24 }}
        >
          <AddIcon />
        </Fab>
      )}
      {/* Loaded with this button, after the page: the dialog's categories come from the server-data cache. */}
      <QueryProvider>
        <AddLinkDialogHost />
      </QueryProvider>
    </>
  );
}
