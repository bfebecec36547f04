import type { Bookmark, LayoutPreference } from '@linkhive/shared/domain';
import { bookmarkMessages } from '@linkhive/shared/domain';
import { FavouriteCard, FilterPanel, LayoutToggle, NoFavourites, useNotify, useDebounced } from '@linkhive/shared/ui';
import { Box, Button, CircularProgress, Drawer, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { EditBookmarkHost } from './EditBookmarkHost';
import { useCategoryNames } from './library';
import { useBookmarkActions } from './useBookmarkActions';
import { useBookmarkList } from './useBookmarkList';
import { useSession } from '../../session/store';
import { usePageMeta } from '../../layout/usePageTitle';
import { PageHeader } from '../../layout/PageHeader';

export function FavouritesPage() {
  usePageMeta('Favourites', 'Your favourite links with page screenshots.');
  const savedLayout = useSession((s) => s.me?.profile.settings.layoutPreference ?? 'list');
  const refresh = useSession((s) => s.refresh);
  const categories = useCategoryNames();
  const [layout, setLayout] = useState<LayoutPreference>(savedLayout);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [editing, setEditing] = useState<Bookmark | null>(null);
  const q = useDebounced(search.trim());
  const { page, loading } = useBookmarkList(
    { favourite: true, q: q || undefined, category: category || undefined, pageSize: 100 },
    { pollWhilePending: true },
  );
  const actions = useBookmarkActions();
  const notify = useNotify();
  const navigate = useNavigate();

  useEffect(() => setLayout(savedLayout), [savedLayout]);

  async function changeLayout(next: LayoutPreference) {
    setLayout(next);
    await api.profile.update({ settings: { layoutPreference: next } });
    await refresh();
  }

  async function share(b: Bookmark) {
    if (navigator.share) {
      await navigator.share({ title: b.title, url: b.link }).catch(() => {});
      return;
    }
    await navigator.clipboard?.writeText(b.link);
    notify({ message: 'Link copied to the clipboard', severity: 'info' });
  }

  const filtered = !!q || !!category;
  // A user without any bookmarks never gets here: RequireLibrary sends them to the import page first.
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader title="Favourites">
        <Button variant="outlined" onClick={() => setFiltersOpen(true)}>
          Filters{filtered ? ' (on)' : ''}
        </Button>
        <LayoutToggle value={layout} onChange={(v) => void changeLayout(v)} />
      </PageHeader>
      {/* The drawer is a dialog to assistive technology, and a dialog needs a name. */}
      <Drawer
        anchor="right"
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        slotProps={{ paper: { 'aria-label': 'Filters' } }}
      >
        <Box sx={{ width: 300, p: 2 }}>
          <FilterPanel
            search={search}
            onSearchChange={setSearch}
            categories={categories}
            category={category}
            onCategoryChange={setCategory}
          />
        </Box>
      </Drawer>
      {!page ? (
        <CircularProgress aria-label="Loading favourites" />
      ) : page.total === 0 ? (
        filtered ? (
          <Typography>{bookmarkMessages.noResults}</Typography>
        ) : (
          <NoFavourites />
        )
      ) : (
        <Box
          aria-busy={loading}
          sx={
            layout === 'grid'
              ? { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }
              : { display: 'grid', gap: 1.5 }
          }
        >
          {page.items.map((b) => (
            <FavouriteCard
              key={b.id}
              bookmark={b}
              variant={layout}
              onShare={(x) => void share(x)}
              onRefreshScreenshot={actions.refreshScreenshot}
              onToggleFavourite={actions.toggleFavourite}
              onEdit={setEditing}
              onRead={(x) => navigate(`/read/${encodeURIComponent(x.id)}`)}
              onOpenPromotor={(x) => navigate(`/promo/${encodeURIComponent(x.promotor!)}`)}
            />
          ))}
        </Box>
      )}
      <EditBookmarkHost bookmark={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
