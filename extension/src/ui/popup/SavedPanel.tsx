import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { extensionMessages, type Bookmark } from '@linkhive/shared/domain';
import { EditBookmarkDialog, type BookmarkChanges } from '@linkhive/shared/ui';
import { useState } from 'react';
import { askBackground } from '../../core/messages';
import { api, platform, savedUrls } from '../extension';

export interface SavedPanelProps {
  bookmark: Bookmark;
  /** What happened: just saved, found saved, or refused as a duplicate. */
  note: string;
  categories: readonly string[];
  suggested: readonly string[];
  onChanged: (bookmark: Bookmark) => void;
  onDeleted: () => void;
}

/**
 * The page is saved: where, and Edit instead of Save. What an edit or a delete did shows in the
 * status line above (onChanged, onDeleted), not in a snackbar that would repeat it over the buttons.
 */
export function SavedPanel({ bookmark, note, categories, suggested, onChanged, onDeleted }: SavedPanelProps) {
  const [editing, setEditing] = useState(false);
  const where = extensionMessages.alreadySavedIn(bookmark.category);

  const update = async (changes: BookmarkChanges) => {
    const updated = await api.update(bookmark.id, changes);
    if (updated.link !== bookmark.link) await savedUrls.forget(bookmark.link);
    await savedUrls.remember(updated);
    setEditing(false);
    onChanged(updated);
    await askBackground(platform, { type: 'refresh-badges', links: [bookmark.link, updated.link] });
  };

  const remove = async () => {
    await api.remove(bookmark.id);
    await savedUrls.forget(bookmark.link);
    setEditing(false);
    onDeleted();
    await askBackground(platform, { type: 'refresh-badges', links: [bookmark.link] });
  };

  return (
    <Stack spacing={2} component="section" aria-label="Saved">
      <Alert severity="success" role="status">
        {note}
      </Alert>
      <Box>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{bookmark.title}</Typography>
        {note !== where && (
          <Typography variant="body2" color="text.secondary">
            {where}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Chip size="small" label={bookmark.category} />
          {bookmark.favourite && <Chip size="small" color="secondary" label="Favourite" />}
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => window.close()}>Close</Button>
        <Button variant="contained" onClick={() => setEditing(true)}>
          Edit
        </Button>
      </Stack>
      <EditBookmarkDialog
        bookmark={bookmark}
        open={editing}
        categories={categories}
        suggested={suggested}
        onClose={() => setEditing(false)}
        onSubmit={update}
        onDelete={remove}
      />
    </Stack>
  );
}
