import type { Bookmark, SearchScope } from '@linkhive/shared/domain';
import { FilterPanel, NoBookmarks, ScopedSearchBox, TabColorPicker, useDebounced } from '@linkhive/shared/ui';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAddDialog } from './addDialog';
import { EditBookmarkHost } from './EditBookmarkHost';
import { useCategories } from './library';
import { useTabColor } from './useTabColor';
import { usePageMeta } from '../../layout/usePageTitle';
import { CategoryBlock } from './CategoryBlock';
import { SidebarPage } from '../../layout/SidebarPage';

export function CategoriesPage() {
  usePageMeta('Categories', 'Your bookmarks, one card per category.');
  const { data: categories, error } = useCategories();
  const [filterText, setFilterText] = useState('');
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<SearchScope>('all');
  const [editing, setEditing] = useState<Bookmark | null>(null);
  const q = useDebounced(search.trim());
  const tab = useTabColor('categories');
  const showAdd = useAddDialog((s) => s.show);
  const navigate = useNavigate();

  const shown = useMemo(() => {
    const needle = filterText.trim().toLowerCase();
    return (categories ?? []).filter(
      (c) => (!category || c.name === category) && (!needle || c.name.toLowerCase().includes(needle)),
    );
  }, [categories, category, filterText]);

  // A user without categories never gets here: RequireLibrary sends them to the import page first.
  return (
    <SidebarPage
      sidebar={
        <FilterPanel
          search={filterText}
          onSearchChange={setFilterText}
          categories={(categories ?? []).map((c) => c.name)}
          category={category}
          onCategoryChange={setCategory}
        >
          <TabColorPicker value={tab.saved} defaultColor={tab.defaultColor} onSave={tab.save} />
        </FilterPanel>
      }
    >
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Typography variant="h4" component="h1">
          Categories
        </Typography>
        <ScopedSearchBox
          value={search}
          onChange={setSearch}
          scope={scope}
          onScopeChange={setScope}
          placeholder="Title, address or page text"
        />
        {error && !categories ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !categories ? (
          <CircularProgress aria-label="Loading categories" />
        ) : categories.length === 0 ? (
          <NoBookmarks onAddLink={() => showAdd()} onImport={() => navigate('/import-bookmarks')} />
        ) : (
          // minmax(0, 1fr), not 1fr: a bare 1fr column grows to its longest unbreakable title (issue 26).
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {shown.map((c) => (
              <CategoryBlock
                key={c.name}
                category={c.name}
                count={c.count}
                color={tab.color}
                search={q}
                scope={scope}
                onEdit={setEditing}
              />
            ))}
          </Box>
        )}
      </Stack>
      <EditBookmarkHost bookmark={editing} onClose={() => setEditing(null)} />
    </SidebarPage>
  );
}
