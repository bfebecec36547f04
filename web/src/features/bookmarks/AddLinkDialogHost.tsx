import { bookmarkMessages } from '@linkhive/shared/domain';
import { AddBookmarkDialog, useNotify, type NewBookmarkValues } from '@linkhive/shared/ui';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useAddDialog } from './addDialog';
import { libraryChanged, useCategoryNames, useSuggestedCategories } from './library';

const readClipboard =
  typeof navigator !== 'undefined' && navigator.clipboard?.readText ? () => navigator.clipboard.readText() : undefined;

/** Saves through the API, says so, and goes where the spec sends the user after creating. */
export function AddLinkDialogHost() {
  const { open, initial, close } = useAddDialog();
  const categories = useCategoryNames(open);
  const suggested = useSuggestedCategories(open);
  const notify = useNotify();
  const navigate = useNavigate();

  async function create(values: NewBookmarkValues) {
    const saved = await api.bookmarks.create(values);
    notify({
      title: bookmarkMessages.bookmarkedTitle,
      message: bookmarkMessages.bookmarked(saved.title, saved.category),
      severity: 'success',
    });
    close();
    libraryChanged();
    navigate(saved.favourite ? '/favourites' : '/categories');
  }

  return (
    <AddBookmarkDialog
      open={open}
      onClose={close}
      initial={initial}
      categories={categories}
      suggested={suggested}
      onPreview={(url, signal) => api.pages.preview(url, { signal })}
      readClipboard={readClipboard}
      onSubmit={create}
    />
  );
}
