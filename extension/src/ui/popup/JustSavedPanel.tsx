import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { updateBookmarkSchemaFor, type Bookmark } from '@linkhive/shared/domain';
import { CategoryPicker, type CategoryMode } from '@linkhive/shared/ui';
import { useState, type FormEvent } from 'react';
import { askBackground } from '../../core/messages';
import { problemOf } from '../../core/problems';
import { rememberCategory } from '../../core/recentCategories';
import { api, platform, savedUrls } from '../extension';
import { pageTexts } from '../texts';

export interface JustSavedPanelProps {
  bookmark: Bookmark;
  /** The save's own message ("… has been bookmarked!"), then "Link updated" after a change. */
  note: string;
  categories: readonly string[];
  suggested: readonly string[];
  onChanged: (bookmark: Bookmark) => void;
  /** Undo removed the bookmark: the popup offers the form to save it again. */
  onUndone: () => void;
}

type Errors = Partial<Record<'title' | 'category', string>>;

/**
 * The page the toolbar click has just saved: its title, category and favourite to change in place
 * (Enter saves the change), and Undo, which deletes the bookmark (to the trash, like any delete).
 */
export function JustSavedPanel({ bookmark, note, categories, suggested, onChanged, onUndone }: JustSavedPanelProps) {
  const [title, setTitle] = useState(bookmark.title);
  const [category, setCategory] = useState(bookmark.category);
  const [mode, setMode] = useState<CategoryMode>('pick');
  const [favourite, setFavourite] = useState(bookmark.favourite);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'undo' | null>(null);

  const refreshBadges = (links: string[]) =>
    askBackground(platform, { type: 'refresh-badges', links }).catch(() => null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A page's long title left as it is passes; one the person edits follows the 50-character rule.
    const checked = updateBookmarkSchemaFor(bookmark).safeParse({ title, category, favourite });
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      return setErrors(next);
    }
    const changes = Object.fromEntries(
      Object.entries(checked.data).filter(([k, v]) => bookmark[k as keyof Bookmark] !== v),
    );
    if (Object.keys(changes).length === 0) return;
    setBusy('save');
    setFailure(null);
    try {
      const updated = await api.update(bookmark.id, changes);
      await savedUrls.remember(updated);
      // The next one-click save goes where this one ended up.
      await rememberCategory(platform, updated.category);
      setTitle(updated.title);
      setCategory(updated.category);
      setMode('pick');
      onChanged(updated);
      await refreshBadges([updated.link]);
    } catch (e) {
      setFailure(problemOf(e).message);
    } finally {
      setBusy(null);
    }
  };

  const undo = async () => {
    setBusy('undo');
    setFailure(null);
    try {
      await api.remove(bookmark.id);
      await savedUrls.forget(bookmark.link);
      await refreshBadges([bookmark.link]);
      onUndone();
    } catch (e) {
      setFailure(problemOf(e).message);
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-label="Saved">
      <Alert severity="success" role="status">
        {note}
      </Alert>
      <Box component="form" noValidate aria-label="Saved bookmark" onSubmit={submit}>
        <Stack spacing={2}>
          <TextField
            label="Title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            error={Boolean(errors.title)}
            helperText={errors.title}
            autoFocus
            fullWidth
          />
          <CategoryPicker
            mode={mode}
            onModeChange={(next) => {
              setMode(next);
              setCategory(next === 'pick' ? bookmark.category : '');
              setErrors((x) => ({ ...x, category: undefined }));
            }}
            value={category}
            onChange={(next) => {
              setCategory(next);
              setErrors((x) => ({ ...x, category: undefined }));
            }}
            categories={categories}
            suggested={suggested}
            error={errors.category}
          />
          <FormControlLabel
            control={<Checkbox checked={favourite} onChange={(e) => setFavourite(e.target.checked)} />}
            label="Favourite"
          />
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button onClick={undo} loading={busy === 'undo'} disabled={busy === 'save'}>
              {pageTexts.undo}
            </Button>
            <Button type="submit" variant="contained" loading={busy === 'save'} disabled={busy === 'undo'}>
              {pageTexts.saveChanges}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}
