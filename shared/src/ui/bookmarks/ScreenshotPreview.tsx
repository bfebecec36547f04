import { Box, Typography } from '@mui/material';
import { bookmarkMessages } from '../../domain/index.js';
import { ImageIcon } from './icons.js';

/**
 * What a new favourite will look like. Nothing remote is loaded before the link is saved: either
 * the note that the server will take a screenshot, or a neutral placeholder.
 */
export function ScreenshotPreview({ willCapture }: { willCapture: boolean }) {
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        minHeight: 96,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'action.hover',
      }}
    >
      {willCapture ? (
        <Typography variant="body2" color="text.secondary">
          {bookmarkMessages.screenshotAfterSave}
        </Typography>
      ) : (
        <ImageIcon titleAccess="No screenshot preview" sx={{ fontSize: 48, color: 'text.disabled' }} />
      )}
    </Box>
  );
}
