import type { Bookmark, SearchScope } from '@linkhive/shared/domain';
import { bookmarkMessages } from '@linkhive/shared/domain';
import {
  CategoryFilter,
  ConfirmDeleteDialog,
  EmptyState,
  NoBookmarks,
  ScopedSearchBox,
  useDebounced,
} from '@linkhive/shared/ui';
import {
  Button,
  CircularProgress,
  Container,
  Drawer,
  FormControlLabel,
  List,
  Pagination,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAddDialog } from './addDialog';
import { EditBookmarkHost } from './EditBookmarkHost';
import { ExportButton } from './ExportButton';
import { useCategories } from './library';
import { useBookmarkActions } from './useBookmarkActions';
import { useBookmarkList } from './useBookmarkList';
import { usePaidPlan } from '../plans/usePaidPlan';
import { RecommendationsHost } from '../recommendations/RecommendationsHost';
import { useRecommendations } from '../recommendations/useRecommendations';
import { usePageMeta } from '../../layout/usePageTitle';
import { deleteSelectedText, deleteSelectedTitle, resultsText, searchPageSize } from './resultsText';
import { SearchResultRow } from './SearchResultRow';
import { SelectionBar } from './SelectionBar';
import { useBulkDelete } from './useBulkDelete';
import { useKeyedState } from './useKeyedState';
import { PageHeader } from '../../layout/PageHeader';

export function SearchPage() {
  usePageMeta('Search', 'Search all your bookmarks by title, address, category or the text of their pages.');
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [category, setCategory] = useState('');
  const [scope, setScope] = useState<SearchScope>(() => (params.get('in') === 'title' ? 'title' : 'all'));
  const [brokenOnly, setBrokenOnly] = useState(() => params.get('health') === 'broken');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState<Bookmark | null>(null);
  const q = useDebounced(search.trim());
  const filterKey = JSON.stringify([q, category, scope, brokenOnly]);
  const [pageNo, setPageNo] = useKeyedState(filterKey, 1);
  // Ticks belong to the rows on screen: another page or another search starts with none.
  const [selected, setSelected] = useKeyedState<ReadonlySet<string>>(`${filterKey}:${pageNo}`, new Set());
  const { page, loading } = useBookmarkList({
    q: q || undefined,
    in: q && scope === 'title' ? 'title' : undefined,
    category: category || undefined,
    health: brokenOnly ? 'broken' : undefined,
    page: pageNo,
    pageSize: searchPageSize,
  });
  const categories = useCategories().data;
  const actions = useBookmarkActions();
  const bulk = useBulkDelete(() => setSelected(new Set()));
  const showAdd = useAddDialog((s) => s.show);
  const navigate = useNavigate();
  // Recommended websites: paid plans only (the server answers 403 otherwise).
  const paid = usePaidPlan();
  const recommendations = useRecommendations();

  const pageCount = page ? Math.ceil(page.total / searchPageSize) : 0;
  // Deleting the last rows of the last page leaves it empty: show the new last page instead.
  useEffect(() => {
    if (pageCount > 0 && pageNo > pageCount) setPageNo(pageCount);
  }, [pageCount, pageNo, setPageNo]);

  const items = page?.items ?? [];
  const ticked = items.filter((b) => selected.has(b.id));
  const filtered = !!q || !!category || brokenOnly;
  // 'No bookmarks have been added.' only when there is nothing to find; else 'No results found'.
  const none = page !== null && page.total === 0 && (!filtered || categories?.length === 0);

  function select(b: Bookmark, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(b.id);
    else next.delete(b.id);
    setSelected(next);
  }

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Stack spacing={2}>
        <PageHeader title="Search">
          <Button variant="outlined" onClick={() => setFiltersOpen(true)}>
            Filters{category || brokenOnly ? ' (on)' : ''}
          </Button>
          <ExportButton />
          <Button variant="outlined" component={RouterLink} to="/duplicates">
            Duplicates
          </Button>
          <Button variant="outlined" component={RouterLink} to="/trash">
            Trash
          </Button>
        </PageHeader>
        <ScopedSearchBox
          value={search}
          onChange={setSearch}
          scope={scope}
          onScopeChange={setScope}
          placeholder="Title, address, category or page text"
        />
        {/* The drawer is a dialog to assistive technology, and a dialog needs a name: its heading's. */}
        <Drawer
          anchor="right"
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          slotProps={{ paper: { 'aria-labelledby': 'search-filters-title' } }}
        >
          <Stack spacing={2} sx={{ width: 300, p: 2 }} component="section" aria-labelledby="search-filters-title">
            <Typography id="search-filters-title" variant="h6" component="h2">
              Filters
            </Typography>
            <CategoryFilter
              categories={(categories ?? []).map((c) => c.name)}
              value={category}
              onChange={setCategory}
            />
            <FormControlLabel
              control={<Switch checked={brokenOnly} onChange={(e) => setBrokenOnly(e.target.checked)} />}
              label="Broken links only"
            />
            <Button onClick={() => setFiltersOpen(false)}>Close</Button>
          </Stack>
        </Drawer>
        {none ? (
          <NoBookmarks onAddLink={() => showAdd()} onImport={() => navigate('/import-bookmarks')} />
        ) : !page ? (
          <CircularProgress aria-label="Loading bookmarks" />
        ) : page.total === 0 ? (
          <EmptyState
            message={
              brokenOnly && !q && !category
                ? 'No broken links. Links are checked in the background, a few at a time.'
                : bookmarkMessages.noResults
            }
          />
        ) : (
          <>
            <SelectionBar
              shown={items.length}
              selected={ticked.length}
              totalText={resultsText(page)}
              onSelectAll={(all) => setSelected(new Set(all ? items.map((b) => b.id) : []))}
              onDelete={() => bulk.ask(ticked.map((b) => b.id))}
            />
            <List aria-label="Search results" aria-busy={loading} disablePadding>
              {items.map((b) => (
                <SearchResultRow
                  key={b.id}
                  bookmark={b}
                  selected={selected.has(b.id)}
                  onSelect={select}
                  onToggleFavourite={actions.toggleFavourite}
                  onEdit={setEditing}
                  onRead={(x) => navigate(`/read/${encodeURIComponent(x.id)}`)}
                  onCheckLink={actions.checkLink}
                  onUpdateAddress={actions.updateAddress}
                  onOpenPromotor={(x) => navigate(`/promo/${encodeURIComponent(x.promotor!)}`)}
                  onRecommend={paid ? recommendations.show : undefined}
                  recommendingId={recommendations.recommendingId}
                />
              ))}
            </List>
            {pageCount > 1 && (
              <Pagination
                count={pageCount}
                page={Math.min(pageNo, pageCount)}
                onChange={(_e, n) => setPageNo(n)}
                color="primary"
                sx={{ alignSelf: 'center' }}
              />
            )}
          </>
        )}
        <ConfirmDeleteDialog
          open={bulk.open}
          title={deleteSelectedTitle(bulk.count)}
          text={deleteSelectedText}
          busy={bulk.busy}
          onConfirm={() => void bulk.confirm()}
          onCancel={bulk.cancel}
        />
        <EditBookmarkHost bookmark={editing} onClose={() => setEditing(null)} />
        {paid && (
          <RecommendationsHost
            state={recommendations.state}
            onRetry={recommendations.retry}
            onClose={recommendations.close}
          />
        )}
      </Stack>
    </Container>
  );
}
