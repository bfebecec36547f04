import { useNotify, type NewBookmarkValues } from '@linkhive/shared/ui';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useAddDialog } from './addDialog';
import { libraryChanged } from './library';
import { LibraryAddDialog, savedNotice } from './LibraryAddDialog';

/** Saves through the API, says so, and goes where the spec sends the user after creating. */
export function AddLinkDialogHost() {
  const { open, initial, close } = useAddDialog();
  const notify = useNotify();
  const navigate = useNavigate();

  async function create(values: NewBookmarkValues) {
    const saved = await api.bookmarks.create(values);
    notify(savedNotice(saved));
    close();
    libraryChanged();
    navigate(saved.favourite ? '/favourites' : '/categories');
  }

  return <LibraryAddDialog open={open} onClose={close} initial={initial} onSubmit={create} />;
}
