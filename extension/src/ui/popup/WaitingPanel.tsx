import { Alert, Stack, Typography } from '@mui/material';
import type { QueuedSave } from '../../core/queue';
import { pageTexts } from '../texts';
import { MessageWithUpdate } from '../UpdateLink';

/**
 * The page's save waits in the waiting list (the server did not answer, or nobody is signed in):
 * what waits and why, instead of an empty form that would save it a second time.
 */
export function WaitingPanel({ message, item }: { message: string; item: Pick<QueuedSave, 'title' | 'category'> }) {
  return (
    <Stack spacing={1} component="section" aria-label="Saved for later">
      <Alert severity="info" role="status">
        <MessageWithUpdate message={message} />
      </Alert>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {pageTexts.waitingTitle(item.title, item.category)}
      </Typography>
    </Stack>
  );
}
