import { importMessages } from '@linkhive/shared/domain';
import type { ImportResult } from '@linkhive/shared/domain';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';

function counts(result: ImportResult, overwrite: boolean): [string, number][] {
  return [
    ['Imported', result.imported],
    ...(overwrite ? ([['Replaced existing bookmarks', result.overwritten]] as [string, number][]) : []),
    ['Skipped, already saved', result.skippedExisting],
    ['Skipped, not web addresses', result.skippedNotWeb],
    ...(result.skippedTooLong ? ([['Skipped, address too long', result.skippedTooLong]] as [string, number][]) : []),
    ['Duplicates in the file', result.duplicatesInFile],
  ];
}

/** The spec's success text with what happened to every link of the file. */
export function ImportSucceeded({ result, overwrite }: { result: ImportResult; overwrite: boolean }) {
  return (
    <Alert severity="success" role="status" sx={{ my: 3 }}>
      <AlertTitle>{importMessages.success(result.imported, overwrite)}</AlertTitle>
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
