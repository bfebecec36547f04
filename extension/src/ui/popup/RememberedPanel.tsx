import { Alert, Stack, Typography } from '@mui/material';
import { extensionMessages } from '@linkhive/shared/domain';
import { pageTexts } from '../texts';

/**
 * A page this browser knows to be saved, while the server is slow to confirm it: where it is saved,
 * at once, instead of a spinner for the request's whole deadline. The full saved view (Edit) follows
 * the server's answer; a server that cannot answer is said in `warning`.
 */
export function RememberedPanel({ category, warning }: { category: string; warning?: string }) {
  return (
    <Stack spacing={1} component="section" aria-label="Saved">
      <Alert severity="success" role="status">
        {extensionMessages.alreadySavedIn(category)}
      </Alert>
      {warning ? (
        <Alert severity="warning">{warning}</Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {pageTexts.checkingSaved}
        </Typography>
      )}
    </Stack>
  );
}
