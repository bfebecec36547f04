import { trashMessages, type TrashedBookmark } from '@linkhive/shared/domain';
import { ConfirmDeleteDialog, EmptyState, useNotify } from '@linkhive/shared/ui';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  List,
  ListItem,
  ListItemText,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { usePageMeta } from '../../layout/usePageTitle';
import { libraryChanged } from '../bookmarks/library';
import { bookmarkKeys } from '../bookmarks/queries';
import { restoreFromTrash } from './undoDelete';

const pageSize = 50;
/** Under the bookmarks' keys: a delete, a restore or an import loads the trash again too. */
const trashKey = (page: number) => [...bookmarkKeys.all, 'trash', page] as const;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** /trash: deleted bookmarks, newest first, each restorable until its day; the whole trash emptied at once. */
export function TrashPage() {
  usePageMeta('Trash', 'Bookmarks you deleted, kept for a while so that you can restore them.');
  const notify = useNotify();
  const [pageNo, setPageNo] = useState(1);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [emptying, setEmptying] = useState(false);
  const trash = useQuery({
    queryKey: trashKey(pageNo),
    queryFn: () => api.trash.list({ page: pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
  const page = trash.data;
  const pageCount = page ? Math.ceil(page.total / pageSize) : 0;
  // Restoring the last rows of the last page leaves it empty: show the new last page instead.
  useEffect(() => {
    if (pageCount > 0 && pageNo > pageCount) setPageNo(pageCount);
  }, [pageCount, pageNo]);

  async function restore(b: TrashedBookmark) {
    setRestoring(b.id);
    try {
      await restoreFromTrash([b.id], notify);
    } finally {
      setRestoring(null);
    }
  }

  async function empty() {
    setEmptying(true);
    try {
      const { deleted } = await api.trash.empty();
      notify({ message: trashMessages.emptied(deleted), severity: 'info' });
      libraryChanged();
    } catch {
      notify({ message: trashMessages.failed, severity: 'error' });
    } finally {
      setEmptying(false);
      setConfirmEmpty(false);
    }
  }

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
            Trash
          </Typography>
          <Button color="error" variant="outlined" disabled={!page?.total} onClick={() => setConfirmEmpty(true)}>
            Empty trash
          </Button>
        </Box>
        {page && <Typography color="text.secondary">{trashMessages.keptFor(page.days)}</Typography>}
        {trash.isError && !page ? (
          <Alert severity="error" action={<Button onClick={() => void trash.refetch()}>Retry</Button>}>
            {trashMessages.failed}
          </Alert>
        ) : !page ? (
          <CircularProgress aria-label="Loading the trash" />
        ) : page.total === 0 ? (
          <EmptyState message={trashMessages.empty} />
        ) : (
          <>
            <List aria-label="Deleted bookmarks">
              {page.items.map((b) => (
                <ListItem
                  key={b.id}
                  divider
                  secondaryAction={
                    <Button
                      onClick={() => void restore(b)}
                      loading={restoring === b.id}
                      aria-label={`Restore ${b.title}`}
                    >
                      Restore
                    </Button>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={b.title}
                    secondary={`${b.category} · deleted ${dateOf(b.trashedAt)} · deleted for good ${dateOf(b.purgeAt)}`}
                    slotProps={{
                      primary: { noWrap: true, title: b.title },
                      secondary: { noWrap: true },
                    }}
                  />
                </ListItem>
              ))}
            </List>
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
        open={confirmEmpty}
        title={trashMessages.emptyConfirmTitle}
        text={trashMessages.emptyConfirmText}
        busy={emptying}
        onConfirm={() => void empty()}
        onCancel={() => setConfirmEmpty(false)}
      />
    </Container>
  );
}
