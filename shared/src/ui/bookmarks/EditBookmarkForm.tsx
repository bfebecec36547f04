import { Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { bookmarkMessages, updateBookmarkSchema } from '../../domain/index.js';
import type { Bookmark } from '../../domain/index.js';
import { CategoryPicker } from './CategoryPicker.js';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.js';
import { FormFailure } from './FormFailure.js';
import { failureMessage } from './failureMessage.js';
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
  const { values, errors, set } = draft;
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const data = draft.check(updateBookmarkSchema);
    if (!data) return;
    const changes: BookmarkChanges = {};
    for (const key of editable) {
      if (data[key] !== undefined && data[key] !== bookmark[key]) Object.assign(changes, { [key]: data[key] });
    }
    if (Object.keys(changes).length === 0) {
      onCancel();
      return;
    }
    setBusy('save');
    try {
      await onSubmit(changes);
    } catch (error) {
      setFailure(failureMessage(error, bookmarkMessages.updateFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setFailure(null);
    try {
      await onDelete();
    } catch (error) {
      setFailure(failureMessage(error, bookmarkMessages.deleteFailed));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <Box component="form" noValidate aria-label="Edit Bookmark" onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Title"
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          error={Boolean(errors.title)}
          helperText={errors.title}
          fullWidth
        />
        <TextField
          label="Web address"
          type="url"
          value={values.link}
          onChange={(event) => set('link', event.target.value)}
          error={Boolean(errors.link)}
          helperText={errors.link}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
        <CategoryPicker
          mode={values.categoryMode}
          onModeChange={draft.setCategoryMode}
          value={values.category}
          onChange={(category) => set('category', category)}
          categories={categories}
          suggested={suggested}
          error={errors.category}
        />
        <TextField
          label="RSS feed URL"
          type="url"
          value={values.rssFeed}
          onChange={(event) => set('rssFeed', event.target.value)}
          error={Boolean(errors.rssFeed)}
          helperText={errors.rssFeed}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
        <Box>
          <FormControlLabel
            control={<Switch checked={values.favourite} onChange={(event) => set('favourite', event.target.checked)} />}
            label="Favourite"
          />
          {bookmark.screenshot && !values.favourite && (
            <Typography variant="body2" color="warning.main" role="status">
              {bookmarkMessages.screenshotRemoved}
            </Typography>
          )}
        </Box>
        <FormFailure message={failure} />
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
