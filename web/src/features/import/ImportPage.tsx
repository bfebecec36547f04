import { Box, Button, Checkbox, FormControlLabel, FormHelperText, Link, Typography } from '@mui/material';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useImport } from './useImport';
import { validateImportFile } from './validateImportFile';
import { SectionPage } from '../../layout/SectionPage';
import { FileDropZone } from './FileDropZone';
import { ImportFailed, ImportSucceeded } from './ImportOutcome';
import { ImportProgressView } from './ImportProgressView';

export function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { state, busy, start, reset } = useImport();

  // A wrong file is said at once; a missing one only when Import is pressed.
  function choose(next: File | null) {
    setFile(next);
    setError(next ? validateImportFile(next) : null);
    reset();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateImportFile(file);
    setError(problem);
    if (problem || !file || busy) return;
    void start(file, overwrite);
  }

  const done = state.step === 'done';
  return (
    <SectionPage
      title="Import Bookmarks"
      description="Import the bookmarks file your browser exports; each folder becomes a category."
      maxWidth="md"
    >
      <Typography sx={{ mb: 1 }}>
        Export your bookmarks from your browser as an HTML file (up to 25 MB) and add it here. Each folder becomes a
        category; links outside any folder go to Uncategorized.
      </Typography>
      <Link component={RouterLink} to="/export-bookmarks">
        How to export your bookmarks
      </Link>
      <Box component="form" noValidate onSubmit={submit} aria-label="Import bookmarks" sx={{ mt: 3 }}>
        <FileDropZone file={file} onFile={choose} error={error} disabled={busy || done} />
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Checkbox
              checked={overwrite}
              onChange={(e) => setOverwrite(e.target.checked)}
              disabled={busy || done}
              slotProps={{ input: { 'aria-describedby': 'import-overwrite-help' } }}
            />
          }
          label="Overwrite existing bookmarks"
        />
        <FormHelperText id="import-overwrite-help" sx={{ mt: -0.5, mb: 2 }}>
          Links you have already saved are replaced by the ones in the file; otherwise they are kept and skipped.
        </FormHelperText>
        <Button type="submit" variant="contained" loading={busy} disabled={done}>
          Import
        </Button>
      </Box>
      {(state.step === 'uploading' || state.step === 'processing') && <ImportProgressView state={state} />}
      {state.step === 'done' && <ImportSucceeded result={state.result} overwrite={state.overwrite} />}
      {state.step === 'failed' && <ImportFailed title={state.title} message={state.message} />}
    </SectionPage>
  );
}
