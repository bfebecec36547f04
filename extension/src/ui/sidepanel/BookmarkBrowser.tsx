import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  List,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  bookmarkMessages,
  linkHealthMessages,
  restoredNotice,
  trashMessages,
  type Bookmark,
  type SearchScope,
} from '@linkhive/shared/domain';
import {
  BookmarkRow,
  ConfirmDeleteDialog,
  EditBookmarkDialog,
  EmptyState,
  FilterPanel,
  NoFavourites,
  useNotify,
  type BookmarkChanges,
  useDebounced,
} from '@linkhive/shared/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onBookmarksChanged } from '../../core/changes';
import { askBackground } from '../../core/messages';
import { api, platform, savedUrls } from '../extension';
import { bookmarkKeys, categoryKeys } from '../queries';
import { MessageWithUpdate } from '../UpdateLink';
import { useCategoryLists } from '../useCategoryLists';
import { SidePanelReader } from './SidePanelReader';
import { usePages } from './usePages';

/** How long the delete's notice, and its Undo, stay: long enough to read it and reach the button. */
const undoMs = 10_000;

const pageSize = 25;
const noCategories: string[] = [];

/** Where the panel was when a Reader view opened: Back returns there. */
interface Place {
  scrollTop: number;
  focus: HTMLElement | null;
}

const scroller = () => document.scrollingElement ?? document.documentElement;

/**
 * The user's bookmarks with the web app's filters, rows and dialogs, and a bookmark's Reader view
 * in their place. The list stays mounted, hidden, while the reader shows: Back finds its filters,
 * its loaded pages, its scroll and the row's button as they were.
 */
export function BookmarkBrowser() {
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [scope, setScope] = useState<SearchScope>('all');
  const [editing, setEditing] = useState<Bookmark | null>(null);
  const [deleting, setDeleting] = useState<Bookmark | null>(null);
  const [busy, setBusy] = useState(false);
  const lists = useCategoryLists(true);
  const [reading, setReading] = useState<Bookmark | null>(null);
  const place = useRef<Place | null>(null);
  const read = (b: Bookmark) => {
    const focused = document.activeElement;
    place.current = { scrollTop: scroller().scrollTop, focus: focused instanceof HTMLElement ? focused : null };
    setReading(b);
  };
  // Before the paint: the article starts at its top; the list comes back where it was left.
  useLayoutEffect(() => {
    if (reading) {
      scroller().scrollTop = 0;
      return;
    }
    const left = place.current;
    if (!left) return;
    place.current = null;
    scroller().scrollTop = left.scrollTop;
    left.focus?.focus({ preventScroll: true });
  }, [reading]);
  const q = useDebounced(search.trim());
  const filter = {
    q,
    in: q && scope === 'title' ? ('title' as const) : undefined,
    category: category || undefined,
    favourite: favouritesOnly || undefined,
  };
  const pages = usePages({
    queryKey: bookmarkKeys.pages(filter),
    load: (page) => api.list({ ...filter, page, pageSize }),
    keepShown: true,
  });
  // The filter's categories; a failure keeps the ones shown.
  const categories =
    useQuery({
      queryKey: categoryKeys.names,
      queryFn: async () => (await api.categories()).map((c) => c.name),
    }).data ?? noCategories;

  const queryClient = useQueryClient();
  /** The list and the filter's categories load again. */
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: bookmarkKeys.all });
    void queryClient.invalidateQueries({ queryKey: categoryKeys.names });
  }, [queryClient]);
  // A save from the popup, the context menu, the shortcut or a retry: the list loads again.
  useEffect(() => onBookmarksChanged(platform, reload), [reload]);

  /** After a change: lists load again and the toolbar badge follows. */
  const changed = async (...links: string[]) => {
    reload();
    await askBackground(platform, { type: 'refresh-badges', links }).catch(() => {});
  };

  const toggleFavourite = async (b: Bookmark) => {
    try {
      const updated = await api.update(b.id, { favourite: !b.favourite });
      await savedUrls.remember(updated);
      notify({
        message: b.favourite ? bookmarkMessages.favouriteRemoved : bookmarkMessages.favouriteSaved,
        severity: b.favourite ? 'info' : 'success',
      });
      await changed(b.link);
    } catch (e) {
      notify({ message: e instanceof Error ? e.message : bookmarkMessages.updateFailed, severity: 'error' });
    }
  };

  const update = async (b: Bookmark, changes: BookmarkChanges) => {
    const updated = await api.update(b.id, changes);
    if (updated.link !== b.link) await savedUrls.forget(b.link);
    await savedUrls.remember(updated);
    notify({ message: bookmarkMessages.linkUpdated, severity: 'success' });
    setEditing(null);
    await changed(b.link, updated.link);
  };

  /** Undo in the delete's notice: the bookmark comes back from the trash as it was. */
  const undoDelete = async (b: Bookmark) => {
    try {
      const answer = await api.restore([b.id]);
      if (answer.restored) await savedUrls.remember(b);
      notify(restoredNotice(answer));
      await changed(b.link);
    } catch {
      notify({ message: trashMessages.failed, severity: 'error' });
    }
  };

  const remove = async (b: Bookmark) => {
    await api.remove(b.id);
    await savedUrls.forget(b.link);
    // The spec's 'Link Deleted', with the time to read it and reach Undo.
    notify({
      message: trashMessages.deleted(1),
      severity: 'error',
      duration: undoMs,
      action: { label: trashMessages.undo, onClick: () => void undoDelete(b) },
    });
    setEditing(null);
    await changed(b.link);
  };

  /** 'Check now' on a row whose link moved or may be broken: the answer is said, the row follows. */
  const checkLink = async (b: Bookmark) => {
    try {
      const { health } = await api.checkLink(b.id);
      notify({ message: linkHealthMessages.labels[health], severity: health === 'broken' ? 'error' : 'info' });
      reload();
    } catch (e) {
      notify({ message: e instanceof Error ? e.message : bookmarkMessages.updateFailed, severity: 'error' });
    }
  };
  /** 'Update address': the bookmark takes the address its link now leads to. */
  const updateAddress = async (b: Bookmark, address: string) => {
    try {
      await update(b, { link: address });
    } catch (e) {
      notify({ message: e instanceof Error ? e.message : bookmarkMessages.updateFailed, severity: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting);
      setDeleting(null);
    } catch {
      notify({ message: bookmarkMessages.deleteFailed, severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const filtered = Boolean(q || category);
  let empty = null;
  if (!pages.loading && !pages.error && pages.items.length === 0) {
    if (favouritesOnly && !filtered) empty = <NoFavourites />;
    else if (filtered || favouritesOnly) empty = <EmptyState message={bookmarkMessages.noResults} />;
    else
      empty = (
        <EmptyState message={bookmarkMessages.noBookmarks}>
          <Button variant="outlined" onClick={() => platform.runtime.openOptions()}>
            Import from this browser
          </Button>
        </EmptyState>
      );
  }

  return (
    <>
      <Box hidden={reading !== null}>
        <Stack spacing={2}>
          <FilterPanel
            search={search}
            onSearchChange={setSearch}
            categories={categories}
            category={category}
            onCategoryChange={setCategory}
            scope={scope}
            onScopeChange={setScope}
          >
            <FormControlLabel
              control={<Switch checked={favouritesOnly} onChange={(e) => setFavouritesOnly(e.target.checked)} />}
              label="Favourites only"
            />
          </FilterPanel>
          {pages.error && (
            <Alert severity="error" role="alert">
              <MessageWithUpdate message={pages.error} />
            </Alert>
          )}
          {empty}
          {pages.items.length > 0 && (
            <List aria-label="Bookmarks" dense>
              {pages.items.map((b) => (
                <BookmarkRow
                  key={b.id}
                  bookmark={b}
                  onToggleFavourite={toggleFavourite}
                  onEdit={setEditing}
                  onRead={read}
                  onCheckLink={checkLink}
                  onUpdateAddress={updateAddress}
                  details={
                    <Typography variant="caption" color="text.secondary" noWrap component="div">
                      {b.category} · {b.domain}
                    </Typography>
                  }
                  actions={
                    <Tooltip title="Delete Bookmark">
                      <IconButton aria-label="Delete Bookmark" size="small" onClick={() => setDeleting(b)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                />
              ))}
            </List>
          )}
          {pages.items.length < pages.total && (
            <Button onClick={pages.loadMore} loading={pages.loading}>
              Show more ({pages.total - pages.items.length})
            </Button>
          )}
          <EditBookmarkDialog
            bookmark={editing}
            categories={lists.own}
            suggested={lists.suggested}
            onClose={() => setEditing(null)}
            onSubmit={(changes) => update(editing!, changes)}
            onDelete={() => remove(editing!)}
          />
          <ConfirmDeleteDialog
            open={deleting !== null}
            title="Delete bookmark?"
            text={deleting ? bookmarkMessages.deleteConfirm(deleting.title) : ''}
            busy={busy}
            onConfirm={confirmDelete}
            onCancel={() => setDeleting(null)}
          />
        </Stack>
      </Box>
      {reading && <SidePanelReader key={reading.id} bookmark={reading} onBack={() => setReading(null)} />}
    </>
  );
}
