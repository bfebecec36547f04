import { importOutcome } from '@linkhive/shared/domain';
import type { ImportResult } from '@linkhive/shared/domain';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';

function counts(result: ImportResult, overwrite: boolean): [string, number][] {
  return [
    ['Imported', result.imported],
    ...(overwrite
      ? ([['Replaced existing bookmarks (kept in the trash)', result.overwritten]] as [string, number][])
      : []),
    ['Skipped, already saved', result.skippedExisting],
    ['Skipped, not web addresses', result.skippedNotWeb],
    ...(result.skippedTooLong ? ([['Skipped, address too long', result.skippedTooLong]] as [string, number][]) : []),
    ['Duplicates in the file', result.duplicatesInFile],
  ];
}

/**
 * The spec's success text with what happened to every link of the file; when nothing was added (a
 * re-import), a plain note that everything was already saved instead of a green '0 … successfully'.
 */
export function ImportSucceeded({ result, overwrite }: { result: ImportResult; overwrite: boolean }) {
  const outcome = importOutcome(result, overwrite, 'file');
  return (
    <Alert severity={outcome.severity} role="status" sx={{ my: 3 }}>
      <AlertTitle>{outcome.title}</AlertTitle>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, m: 0 }}>
        {counts(result, overwrite).map(([label, n]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt">{label}</Box>
            <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {n.toLocaleString('en')}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Opening your categories…
      </Typography>
    </Alert>
  );
}

/** 'Invalid File' with the syntax message, or the server's own message for anything else. */
export function ImportFailed({ title, message }: { title?: string; message: string }) {
  return (
    <Alert severity="error" sx={{ my: 3 }}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {message}
    </Alert>
  );
}
