import { Box, CircularProgress, FormControlLabel, InputAdornment, Switch, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { AddressField } from './AddressField.js';
import { CategoryPicker } from './CategoryPicker.js';
import type { BookmarkDraftState } from './useBookmarkDraft.js';

export interface BookmarkFieldsProps {
  /** The form's useBookmarkDraft: the values, the shared schema's message for each field, the setters. */
  draft: BookmarkDraftState;
  /** The user's own categories, most recent first. */
  categories: readonly string[];
  suggested: readonly string[];
  /**
   * 'add' leads with the address, which the title is looked up from, and helps type it (a click in
   * the empty field writes the prefix); 'edit' leads with the title, the field most often corrected.
   */
  purpose: 'add' | 'edit';
  /** Reads the clipboard; the address field's Paste button is hidden without it. */
  readClipboard?: () => Promise<string>;
  autoFocusAddress?: boolean;
  /** Focus starts in the title: the extension's popup, whose address is the tab's and already filled. */
  autoFocusTitle?: boolean;
  /** Whether the page is being looked up for its title (add): a spinner in the title field meanwhile. */
  lookingUp?: boolean;
  /**
   * Under the favourite switch, what becomes of the screenshot: on 'add' a block of its own, spaced
   * like the fields (the preview); on 'edit' a line right under the switch (the warning).
   */
  favouriteNote?: ReactNode;
}

const favouriteLabel = { add: 'Add to favourites', edit: 'Favourite' } as const;

/**
 * The fields of a bookmark, shared by the add and edit forms: web address, category, title, RSS
 * address and the favourite switch, each with its message from the shared schema. They are items of
 * the form's Stack, so the form keeps its own spacing, failure line and buttons.
 */
export function BookmarkFields(props: BookmarkFieldsProps) {
  const { draft, categories, suggested, purpose, readClipboard, autoFocusAddress, autoFocusTitle, lookingUp } = props;
  const { favouriteNote } = props;
  const { values, errors, set } = draft;

  const address = (
    <AddressField
      key="link"
      value={values.link}
      onChange={(link) => set('link', link)}
      error={errors.link}
      readClipboard={readClipboard}
      autoFocus={autoFocusAddress}
      fillPrefix={purpose === 'add'}
    />
  );
  const category = (
    <CategoryPicker
      key="category"
      mode={values.categoryMode}
      onModeChange={draft.setCategoryMode}
      value={values.category}
      onChange={(name) => set('category', name)}
      categories={categories}
      suggested={suggested}
      error={errors.category}
    />
  );
  const lookupIndicator = lookingUp ? (
    <InputAdornment position="end">
      <CircularProgress size={20} aria-label="Looking up the page" />
    </InputAdornment>
  ) : undefined;
  const title = (
    <TextField
      key="title"
      label="Title"
      autoFocus={autoFocusTitle}
      value={values.title}
      onChange={(event) => set('title', event.target.value)}
      error={Boolean(errors.title)}
      helperText={errors.title}
      fullWidth
      slotProps={
        lookingUp === undefined
          ? undefined
          : { input: { endAdornment: lookupIndicator }, htmlInput: { 'aria-busy': lookingUp } }
      }
    />
  );

  const favourite = (
    <FormControlLabel
      control={<Switch checked={values.favourite} onChange={(event) => set('favourite', event.target.checked)} />}
      label={favouriteLabel[purpose]}
    />
  );

  return (
    <>
      {purpose === 'add' ? [address, category, title] : [title, address, category]}
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
      {purpose === 'add' ? (
        <>
          {favourite}
          {favouriteNote}
        </>
      ) : (
        <Box>
          {favourite}
          {favouriteNote}
        </Box>
      )}
    </>
  );
}
