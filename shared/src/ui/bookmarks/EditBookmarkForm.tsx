import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';
import { bookmarkMessages, updateBookmarkSchema, updateBookmarkSchemaFor } from '../../domain/index.js';
import type { Bookmark } from '../../domain/index.js';
import { BookmarkFields } from './BookmarkFields.js';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.js';
import { FormFailure } from './FormFailure.js';
import { useBookmarkDraft } from './useBookmarkDraft.js';

/** Only the fields that differ from the bookmark, cleaned by the shared schema. */
export type BookmarkChanges = z.output<typeof updateBookmarkSchema>;

export interface EditBookmarkFormProps {
  bookmark: Bookmark;
  categories: readonly string[];
  suggested: readonly string[];
  /** Saves the changes; the host closes the form when it resolves. Not called when nothing changed. */
  onSubmit: (changes: BookmarkChanges) => Promise<unknown>;
  /** Deletes the bookmark after the user confirmed; the host closes the form when it resolves. */
  onDelete: () => Promise<unknown>;
  onCancel: () => void;
}

const editable = ['title', 'link', 'category', 'favourite', 'rssFeed'] as const;

/** The checked values that differ from the bookmark; null when nothing does. */
function changesTo(bookmark: Bookmark, data: BookmarkChanges): BookmarkChanges | null {
  const changes: BookmarkChanges = {};
  for (const key of editable) {
    if (data[key] !== undefined && data[key] !== bookmark[key]) Object.assign(changes, { [key]: data[key] });
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

export function EditBookmarkForm({
  bookmark,
  categories,
  suggested,
  onSubmit,
  onDelete,
  onCancel,
}: EditBookmarkFormProps) {
  const draft = useBookmarkDraft(() => ({
    link: bookmark.link,
    title: bookmark.title,
    category: bookmark.category,
    categoryMode: 'pick',
    rssFeed: bookmark.rssFeed ?? '',
    favourite: bookmark.favourite,
  }));
  const { busy } = draft;
  const [confirming, setConfirming] = useState(false);

  const submit = draft.submit(updateBookmarkSchemaFor(bookmark, draft.values.categoryMode), {
    fallback: bookmarkMessages.updateFailed,
    prepare: (data) => {
      const changes = changesTo(bookmark, data);
      if (changes) return () => onSubmit(changes);
      // Nothing changed: the form closes without a request.
      onCancel();
      return null;
    },
  });

  const remove = async () => {
    await draft.run('delete', onDelete, bookmarkMessages.deleteFailed);
    setConfirming(false);
  };

  return (
    <Box component="form" ref={draft.formRef} noValidate aria-label="Edit Bookmark" onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <BookmarkFields
          draft={draft}
          purpose="edit"
          // What a person opens Edit for most: the title, where the eye goes first.
          autoFocusTitle
          categories={categories}
          suggested={suggested}
          favouriteNote={
            bookmark.screenshot &&
            !draft.values.favourite && (
              <Typography variant="body2" color="warning.main" role="status">
                {bookmarkMessages.screenshotRemoved}
              </Typography>
            )
          }
        />
        <FormFailure message={draft.failure} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy !== null}>
            Delete
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy === 'save'} disabled={busy === 'delete'}>
            Save
          </Button>
        </Stack>
      </Stack>
      <ConfirmDeleteDialog
        open={confirming}
        title="Delete bookmark?"
        text={bookmarkMessages.deleteConfirm(bookmark.title)}
        busy={busy === 'delete'}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
