import { Alert, Box, Button, Checkbox, FormControlLabel, LinearProgress, Stack, Typography } from '@mui/material';
import { extensionMessages, importOutcome, type ImportResult } from '@linkhive/shared/domain';
import { useCallback, useEffect, useState } from 'react';
import { readBookmarkTree, type BookmarkTreeSummary } from '../../core/bookmarkTree';
import { importBrowserBookmarks, type ImportProgressReport } from '../../core/importer';
import { problemOf } from '../../core/problems';
import { api, platform } from '../extension';

type Step =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ImportProgressReport | null }
  | { kind: 'done'; result: ImportResult; overwrite: boolean }
  | { kind: 'failed'; message: string };

/** Import from this browser: what was found, then the server's import with its progress. */
export function ImportSection() {
  const [summary, setSummary] = useState<BookmarkTreeSummary | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const count = useCallback(() => {
    platform.bookmarks.tree().then(
      (tree) => setSummary(readBookmarkTree(tree)),
      (e: unknown) => setStep({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  }, []);
  useEffect(count, [count]);

  const start = async () => {
    if (!summary) return;
    setStep({ kind: 'running', progress: null });
    try {
      const result = await importBrowserBookmarks(api, summary, overwrite, (progress) =>
        setStep({ kind: 'running', progress }),
      );
      // Said once, in the section's own notice (ImportDone): a snackbar repeating its headline
      // would only cover the page.
      setStep({ kind: 'done', result, overwrite });
    } catch (e) {
      setStep({ kind: 'failed', message: problemOf(e).message });
    }
  };

  if (!summary) return <LinearProgress aria-label="Reading your browser bookmarks" />;
  const running = step.kind === 'running';
  const progress = running && step.progress?.total ? (100 * step.progress.processed) / step.progress.total : null;

  return (
    <Stack spacing={2}>
      <Typography role="status">
        {summary.links
          ? extensionMessages.importFound(summary.links, summary.folders)
          : extensionMessages.importNothing}
        {summary.skippedNotWeb > 0 && ` (${summary.skippedNotWeb} not on the web will be skipped)`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each link goes to a category named after its folder, or Uncategorized. Links you already have are skipped.
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} disabled={running} />}
        label="Overwrite existing bookmarks"
      />
      {running && (
        <Box>
          <LinearProgress
            aria-label="Import progress"
            variant={progress === null ? 'indeterminate' : 'determinate'}
            value={progress ?? undefined}
          />
          {step.progress && (
            <Typography variant="caption">
              {step.progress.processed} of {step.progress.total}
            </Typography>
          )}
        </Box>
      )}
      {step.kind === 'done' && <ImportDone result={step.result} overwrite={step.overwrite} />}
      {step.kind === 'failed' && (
        <Alert severity="error" role="alert">
          {step.message}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={start} loading={running} disabled={summary.links === 0}>
          Import bookmarks
        </Button>
        <Button onClick={count} disabled={running}>
          Count again
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The import's end: the spec's success text, or that everything was already saved (a re-run adds
 * nothing), then the links skipped and the duplicates inside the browser's bookmarks merged.
 */
function ImportDone({ result, overwrite }: { result: ImportResult; overwrite: boolean }) {
  const outcome = importOutcome(result, overwrite, 'browser');
  return (
    <Alert severity={outcome.severity} role="status">
      {[outcome.title, ...outcome.details].join(' ')}
    </Alert>
  );
}
