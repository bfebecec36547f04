import { duplicateMessages, type Duplicate, type DuplicateGroup } from '@linkhive/shared/domain';
import { ConfirmDeleteDialog, EmptyState, useNotify } from '@linkhive/shared/ui';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  FormControlLabel,
  LinearProgress,
  Pagination,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { api } from '../../api';
import { usePageMeta } from '../../layout/usePageTitle';
import { libraryChanged } from '../bookmarks/library';
import { usePagedLibraryQuery } from '../bookmarks/usePagedLibraryQuery';
import { shortDate } from '../../layout/dates';
import { mergeAll } from './mergeAll';
import { PageHeader } from '../../layout/PageHeader';

const pageSize = 20;
/** What a member carries, in words: what the kept bookmark takes from it. */
function detailsOf(b: Duplicate): string {
  return [
    b.category,
    `saved ${shortDate(b.createdAt)}`,
    b.favourite && 'favourite',
    b.hasCopy && 'readable copy',
    b.rssFeed && 'feed',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** /duplicates: bookmarks of one page saved under several addresses, merged a group at a time or all at once. */
export function DuplicatesPage() {
  usePageMeta(duplicateMessages.title, 'Bookmarks of the same page saved more than once, and their merge.');
  const notify = useNotify();
  /** The bookmark the user picked to keep, by group key; the oldest where none is picked. */
  const [kept, setKept] = useState<Record<string, string>>({});
  const [merging, setMerging] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const keptRef = useRef(kept);
  keptRef.current = kept;
  const {
    query: duplicates,
    page,
    pageNo,
    setPageNo,
    pageCount,
  } = usePagedLibraryQuery('duplicates', pageSize, (n) => api.duplicates.list({ page: n, pageSize }));
  const keepOf = (g: DuplicateGroup) => keptRef.current[g.key] ?? g.items[0]!.id;
  const busy = merging !== null || progress !== null;

  async function merge(g: DuplicateGroup) {
    setMerging(g.key);
    try {
      const { trashed } = await api.duplicates.merge({ keepId: keepOf(g), ids: g.items.map((i) => i.id) });
      notify({ message: duplicateMessages.merged(trashed), severity: 'success' });
      libraryChanged();
    } catch {
      notify({ message: duplicateMessages.failed, severity: 'error' });
    } finally {
      setMerging(null);
    }
  }

  async function mergeEvery() {
    setConfirmAll(false);
    setProgress({ done: 0, total: page?.total ?? 0 });
    try {
      const trashed = await mergeAll(keepOf, (done, total) => setProgress({ done, total }));
      notify({ message: duplicateMessages.merged(trashed), severity: 'success' });
    } catch {
      notify({ message: duplicateMessages.failed, severity: 'error' });
    } finally {
      setProgress(null);
      libraryChanged();
    }
  }

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Stack spacing={2}>
        <PageHeader title={duplicateMessages.title}>
          <Button variant="contained" disabled={!page?.total || busy} onClick={() => setConfirmAll(true)}>
            {duplicateMessages.mergeAll(page?.total ?? 0)}
          </Button>
        </PageHeader>
        <Typography color="text.secondary">{duplicateMessages.intro}</Typography>
        {progress && (
          <Box>
            <Typography role="status" aria-live="polite">
              {duplicateMessages.progress(progress.done, progress.total)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress.total ? (100 * progress.done) / progress.total : 0}
              aria-label={duplicateMessages.progress(progress.done, progress.total)}
            />
          </Box>
        )}
        {duplicates.isError && !page ? (
          <Alert severity="error" action={<Button onClick={() => void duplicates.refetch()}>Retry</Button>}>
            {duplicateMessages.loadFailed}
          </Alert>
        ) : !page ? (
          <CircularProgress aria-label="Loading the duplicates" />
        ) : page.total === 0 ? (
          <EmptyState message={duplicateMessages.none} />
        ) : (
          <>
            {page.groups.map((g) => (
              <Paper key={g.key} component="section" variant="outlined" aria-label={g.key} sx={{ p: 2, minWidth: 0 }}>
                <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                  {g.key}
                </Typography>
                <RadioGroup
                  aria-label={`Bookmark to keep of ${g.key}`}
                  value={keepOf(g)}
                  onChange={(_e, id) => setKept((k) => ({ ...k, [g.key]: id }))}
                  // A column that wraps is as wide as its widest row: one row a line, each as wide as the card.
                  sx={{ flexWrap: 'nowrap' }}
                >
                  {g.items.map((b) => (
                    <FormControlLabel
                      key={b.id}
                      value={b.id}
                      disabled={busy}
                      control={<Radio />}
                      // A block row whose label may shrink: a long title ends in an ellipsis, not past the window.
                      sx={{ display: 'flex', alignItems: 'flex-start', minWidth: 0, mr: 0, my: 0.5 }}
                      slotProps={{ typography: { component: 'div', sx: { minWidth: 0, flex: 1, pt: 1 } } }}
                      label={
                        <>
                          <Typography noWrap title={b.title}>
                            {b.title}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {detailsOf(b)}
                          </Typography>
                          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                            {b.link}
                          </Typography>
                        </>
                      }
                    />
                  ))}
                </RadioGroup>
                <Button
                  variant="outlined"
                  onClick={() => void merge(g)}
                  loading={merging === g.key}
                  disabled={busy && merging !== g.key}
                  aria-label={`${duplicateMessages.merge} ${g.key}`}
                >
                  {duplicateMessages.merge}
                </Button>
              </Paper>
            ))}
            {pageCount > 1 && (
              <Pagination
                count={pageCount}
                page={pageNo}
                onChange={(_e, n) => setPageNo(n)}
                sx={{ alignSelf: 'center' }}
              />
            )}
          </>
        )}
      </Stack>
      <ConfirmDeleteDialog
        open={confirmAll}
        title={duplicateMessages.mergeAllConfirmTitle}
        text={duplicateMessages.mergeAllConfirmText(page?.extra ?? 0)}
        busy={false}
        confirmLabel={duplicateMessages.merge}
        onConfirm={() => void mergeEvery()}
        onCancel={() => setConfirmAll(false)}
      />
    </Container>
  );
}
