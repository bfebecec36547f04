import { bookmarkMessages } from '@linkhive/shared/domain';
import { AddBookmarkDialog, useNotify, type NewBookmarkValues } from '@linkhive/shared/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useAddDialog } from './addDialog';
import { useLibrary } from './library';

const readClipboard =
  typeof navigator !== 'undefined' && navigator.clipboard?.readText ? () => navigator.clipboard.readText() : undefined;

/** Saves through the API, says so, and goes where the spec sends the user after creating. */
export function AddLinkDialogHost() {
  const { open, initial, close } = useAddDialog();
  const { categories, suggested, loadCategories, loadSuggested, changed } = useLibrary();
  const notify = useNotify();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    void loadSuggested().catch(() => {});
    if (!categories) void loadCategories().catch(() => {});
  }, [open, categories, loadCategories, loadSuggested]);

  async function create(values: NewBookmarkValues) {
    const saved = await api.bookmarks.create(values);
    notify({
      title: bookmarkMessages.bookmarkedTitle,
      message: bookmarkMessages.bookmarked(saved.title, saved.category),
      severity: 'success',
    });
    close();
    changed();
    navigate(saved.favourite ? '/favourites' : '/categories');
  }

  return (
    <AddBookmarkDialog
      open={open}
      onClose={close}
      initial={initial}
      categories={(categories ?? []).map((c) => c.name)}
      suggested={suggested}
      onPreview={(url, signal) => api.pages.preview(url, { signal })}
      readClipboard={readClipboard}
      onSubmit={create}
    />
  );
}
