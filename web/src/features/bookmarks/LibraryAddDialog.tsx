import { bookmarkMessages, type Bookmark } from '@linkhive/shared/domain';
import { AddBookmarkDialog, type AddBookmarkDialogProps, type Notification } from '@linkhive/shared/ui';
import { api } from '../../api';
import { useCategoryNames, useSuggestedCategories } from './library';

const readClipboard =
  typeof navigator !== 'undefined' && navigator.clipboard?.readText ? () => navigator.clipboard.readText() : undefined;

/**
 * The Add Link dialog as every door of the web app opens it (the + button, the share target and
 * bookmarklet page, a promo page's share link): the user's categories and suggestions, the page
 * preview and the clipboard, loaded while it is open. The host says what Create does.
 */
export function LibraryAddDialog(
  props: Omit<AddBookmarkDialogProps, 'categories' | 'suggested' | 'onPreview' | 'readClipboard'>,
) {
  const categories = useCategoryNames(props.open);
  const suggested = useSuggestedCategories(props.open);
  return (
    <AddBookmarkDialog
      {...props}
      categories={categories}
      suggested={suggested}
      onPreview={(url, signal) => api.pages.preview(url, { signal })}
      readClipboard={readClipboard}
    />
  );
}

/** The notice after a save: the spec's 'Bookmarked' with the title and category. */
export const savedNotice = (saved: Pick<Bookmark, 'title' | 'category'>): Notification => ({
  title: bookmarkMessages.bookmarkedTitle,
  message: bookmarkMessages.bookmarked(saved.title, saved.category),
  severity: 'success',
});
