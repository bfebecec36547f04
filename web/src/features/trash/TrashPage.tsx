import { trashMessages, type TrashedBookmark } from '@linkhive/shared/domain';
import { ConfirmDeleteDialog, EmptyState, useNotify } from '@linkhive/shared/ui';
import {
  Alert,
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
import { useState } from 'react';
import { api } from '../../api';
import { usePageMeta } from '../../layout/usePageTitle';
import { libraryChanged } from '../bookmarks/library';
import { usePagedLibraryQuery } from '../bookmarks/usePagedLibraryQuery';
import { shortDate } from '../../layout/dates';
import { restoreFromTrash } from './undoDelete';
import { PageHeader } from '../../layout/PageHeader';

const pageSize = 50;
/** /trash: deleted bookmarks, newest first, each restorable until its day; the whole trash emptied at once. */
export function TrashPage() {
  usePageMeta('Trash', 'Bookmarks you deleted, kept for a while so that you can restore them.');
  const notify = useNotify();
  const [restoring, setRestoring] = useState<string | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [emptying, setEmptying] = useState(false);
  const {
    query: trash,
    page,
    pageNo,
    setPageNo,
    pageCount,
  } = usePagedLibraryQuery('trash', pageSize, (n) => api.trash.list({ page: n, pageSize }));

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
        <PageHeader title="Trash">
          <Button color="error" variant="outlined" disabled={!page?.total} onClick={() => setConfirmEmpty(true)}>
            Empty trash
          </Button>
        </PageHeader>
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
                    secondary={`deleted ${shortDate(b.trashedAt)} · deleted for good ${shortDate(b.purgeAt)} · ${b.category}`}
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
