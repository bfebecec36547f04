import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { bookmarkMessages } from '../../domain/index.js';
import { AddIcon, StarBorderIcon, UploadIcon } from './icons.js';

export interface EmptyStateProps {
  message: string;
  icon?: ReactNode;
  /** Buttons that lead out of the empty state. */
  children?: ReactNode;
}

export function EmptyState({ message, icon, children }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      {icon}
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {message}
      </Typography>
      {children && (
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'center', flexWrap: 'wrap' }}>
          {children}
        </Stack>
      )}
    </Box>
  );
}

export function NoFavourites() {
  return <EmptyState message={bookmarkMessages.noFavourites} icon={<StarBorderIcon sx={{ fontSize: 48 }} />} />;
}

export interface NoBookmarksProps {
  onAddLink: () => void;
  /** The import page (/import-bookmarks on the web) or the browser's bookmarks in the extension. */
  onImport: () => void;
}

export function NoBookmarks({ onAddLink, onImport }: NoBookmarksProps) {
  return (
    <EmptyState message={bookmarkMessages.noBookmarks}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAddLink}>
        Add Link
      </Button>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={onImport}>
        Import bookmarks
      </Button>
    </EmptyState>
  );
}
