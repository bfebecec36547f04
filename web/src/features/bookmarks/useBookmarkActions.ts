import type { Bookmark } from '@linkhive/shared/domain';
import { bookmarkMessages, linkHealthMessages } from '@linkhive/shared/domain';
import { useNotify, type BookmarkChanges } from '@linkhive/shared/ui';
import { useMemo } from 'react';
import { api } from '../../api';
import { deletedNotice } from '../trash/undoDelete';
import { libraryChanged } from './library';

/** The row and card actions, with the spec's notices; every change makes lists load again. */
export function useBookmarkActions() {
  const notify = useNotify();
  return useMemo(
    () => ({
      async toggleFavourite(b: Bookmark) {
        await api.bookmarks.update(b.id, { favourite: !b.favourite });
        notify({
          message: b.favourite ? bookmarkMessages.favouriteRemoved : bookmarkMessages.favouriteSaved,
          severity: b.favourite ? 'info' : 'success',
        });
        libraryChanged();
      },
      async update(b: Bookmark, changes: BookmarkChanges) {
        await api.bookmarks.update(b.id, changes);
        notify({ message: bookmarkMessages.linkUpdated, severity: 'success' });
        libraryChanged();
      },
      async remove(b: Bookmark) {
        await api.bookmarks.remove(b.id);
        notify(deletedNotice([b.id], 1, notify));
        libraryChanged();
      },
      /** 'Check now': the answer is said, and the row's badge follows. */
      async checkLink(b: Bookmark) {
        try {
          const { health } = await api.bookmarks.checkLink(b.id);
          notify({
            message: linkHealthMessages.labels[health],
            severity: health === 'broken' ? 'error' : health === 'ok' ? 'success' : 'info',
          });
          libraryChanged();
        } catch (e) {
          notify({ message: (e as Error).message, severity: 'error' });
        }
      },
      /** 'Update address': the bookmark takes the address its link now leads to. */
      async updateAddress(b: Bookmark, address: string) {
        try {
          await api.bookmarks.update(b.id, { link: address });
          notify({ message: bookmarkMessages.linkUpdated, severity: 'success' });
          libraryChanged();
        } catch (e) {
          notify({ message: (e as Error).message, severity: 'error' });
        }
      },
      async refreshScreenshot(b: Bookmark) {
        await api.bookmarks.refreshScreenshot(b.id);
        libraryChanged();
      },
    }),
    [notify],
  );
}
