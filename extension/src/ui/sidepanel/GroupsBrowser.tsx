import { Alert, CircularProgress, Stack } from '@mui/material';
import { groupMessages } from '@linkhive/shared/domain';
import { EmptyState, GroupLinkItems, GroupPicker } from '@linkhive/shared/ui';
import { useState } from 'react';
import { useGroups } from '../useGroups';
import { useGroupLinkPages } from './useGroupLinkPages';

/** The links of the workspace groups the user belongs to, read only: groups are edited on the web. */
export function GroupsBrowser() {
  const { groups, loading, error } = useGroups();
  const [chosen, setChosen] = useState('');
  // The first group opens by itself, as on the workspace page.
  const groupId = groups.some((g) => g.id === chosen) ? chosen : (groups[0]?.id ?? '');
  const group = groups.find((g) => g.id === groupId);
  const pages = useGroupLinkPages(groupId);

  if (loading) return <CircularProgress aria-label="Loading workspace groups" sx={{ alignSelf: 'center' }} />;
  if (error)
    return (
      <Alert severity="error" role="alert">
        {error}
      </Alert>
    );
  if (!group) return <EmptyState message={groupMessages.noGroups} />;

  return (
    <Stack spacing={2}>
      <GroupPicker groups={groups} value={groupId} onChange={setChosen} />
      {pages.error && (
        <Alert severity="error" role="alert">
          {pages.error}
        </Alert>
      )}
      {!pages.loading && !pages.error && pages.items.length === 0 && <EmptyState message={groupMessages.noLinks} />}
      {pages.loading && pages.items.length === 0 && (
        <CircularProgress aria-label="Loading links" sx={{ alignSelf: 'center' }} />
      )}
      {pages.items.length > 0 && (
        <GroupLinkItems
          label={`Links of ${group.name}`}
          links={pages.items}
          total={pages.total}
          loading={pages.loading}
          onLoadMore={pages.loadMore}
        />
      )}
    </Stack>
  );
}
